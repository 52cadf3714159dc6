import { atom } from 'nanostores';

/** The light/dark theme (seed 000: 'light' or 'dark' in local storage under 'theme'). */
export type Theme = 'light' | 'dark';

const KEY = 'theme';

/** The theme in effect; Base.astro's inline script has already set it on <html> before first paint. */
export function currentTheme(): Theme {
  return document.documentElement.dataset['theme'] === 'dark' ? 'dark' : 'light';
}

/** The theme for islands to render from; syncTheme() reads it from the page once they mount. */
export const $theme = atom<Theme>('light');

export function syncTheme(): void {
  $theme.set(currentTheme());
}

function setTheme(theme: Theme): void {
  document.documentElement.dataset['theme'] = theme;
  $theme.set(theme);
  try {
    localStorage.setItem(KEY, theme);
  } catch {
    // Storage can be unavailable (private mode); the choice then lasts for this page only.
  }
}

/** The one switch between light and dark, for the wizard's header and every [data-theme-toggle] button. */
export function toggleTheme(): Theme {
  const next = currentTheme() === 'dark' ? 'light' : 'dark';
  setTheme(next);
  return next;
}
