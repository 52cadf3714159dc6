import { currentTheme, toggleTheme } from './theme';

// Any button marked data-theme-toggle switches between light and dark and reflects the state.
for (const button of document.querySelectorAll<HTMLButtonElement>('[data-theme-toggle]')) {
  button.setAttribute('aria-pressed', String(currentTheme() === 'dark'));
  button.addEventListener('click', () => button.setAttribute('aria-pressed', String(toggleTheme() === 'dark')));
}
