// Light, dark or system, stored locally under "theme"; index.html applies it before first paint.
export type ThemePreference = 'light' | 'dark' | 'system';

export const THEME_KEY = 'theme';
const darkQuery = () => window.matchMedia('(prefers-color-scheme: dark)');

export function readThemePreference(): ThemePreference {
  const stored = localStorage.getItem(THEME_KEY);
  return stored === 'light' || stored === 'dark' ? stored : 'system';
}

export function applyTheme(preference: ThemePreference): void {
  const dark = preference === 'dark' || (preference === 'system' && darkQuery().matches);
  document.documentElement.classList.toggle('dark', dark);
}

export function saveThemePreference(preference: ThemePreference): void {
  localStorage.setItem(THEME_KEY, preference);
  applyTheme(preference);
}

/** Keeps "system" in step with the operating system while the page is open. */
export function followSystemTheme(): () => void {
  const query = darkQuery();
  const handleChange = () => {
    if (readThemePreference() === 'system') applyTheme('system');
  };
  query.addEventListener('change', handleChange);
  return () => query.removeEventListener('change', handleChange);
}
