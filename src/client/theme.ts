/** The light/dark theme (seed 000: 'light' or 'dark' in local storage under 'theme'). */
export type Theme = 'light' | 'dark';

const KEY = 'theme';

/** The theme in effect; Base.astro's inline script has already set it on <html> before first paint. */
export function currentTheme(): Theme {
  return document.documentElement.dataset['theme'] === 'dark' ? 'dark' : 'light';
}

export function setTheme(theme: Theme): void {
  document.documentElement.dataset['theme'] = theme;
  try {
    localStorage.setItem(KEY, theme);
  } catch {
    // Storage can be unavailable (private mode); the choice then lasts for this page only.
  }
}

export function toggleTheme(): Theme {
  const next = currentTheme() === 'dark' ? 'light' : 'dark';
  setTheme(next);
  return next;
}
