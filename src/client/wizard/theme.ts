import { atom } from 'nanostores';
import { currentTheme, setTheme, type Theme } from '../theme';

// The theme itself (data-theme on <html>, 'theme' in localStorage, set before first paint by
// Base.astro) belongs to src/client/theme.ts; this store only lets the header re-render on toggle.
export const $theme = atom<Theme>('light');

export function syncTheme(): void {
  $theme.set(currentTheme());
}

export function toggleTheme(): void {
  const next: Theme = currentTheme() === 'dark' ? 'light' : 'dark';
  setTheme(next);
  $theme.set(next);
}
