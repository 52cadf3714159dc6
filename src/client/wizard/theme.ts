import { atom } from 'nanostores';

export type Theme = 'light' | 'dark';
const KEY = 'theme';

/** Dark if stored as dark, or if nothing is stored and the system prefers dark (seed 000 §4). */
export function initialTheme(): Theme {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(KEY);
  } catch {
    /* storage blocked: fall back to the system preference */
  }
  if (stored === 'dark' || stored === 'light') return stored;
  return matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export const $theme = atom<Theme>('light');

export function applyTheme(theme: Theme, store = true): void {
  $theme.set(theme);
  document.documentElement.dataset['theme'] = theme;
  document.documentElement.style.colorScheme = theme;
  if (store) {
    try {
      localStorage.setItem(KEY, theme);
    } catch {
      /* not stored: the toggle still works for this page */
    }
  }
}
