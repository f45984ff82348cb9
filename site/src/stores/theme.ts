import { atom } from 'nanostores';
import { THEMES, type Theme } from '@warraq/contracts/browser';

export const THEME_STORAGE_KEY = 'theme';

function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

function initialTheme(): Theme {
  if (typeof document === 'undefined') return 'system';
  const pref = document.documentElement.dataset.themePref;
  return isTheme(pref) ? pref : 'system';
}

/** The chosen theme (light, dark or system). The head script applied it before paint. */
export const $theme = atom<Theme>(initialTheme());

/**
 * Applies a theme at once and remembers it in this browser. `system` follows prefers-color-scheme;
 * the head script's media listener reads `data-theme-pref`, so a later OS change applies live.
 */
export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.dataset.themePref = theme;
  const dark =
    theme === 'dark' || (theme === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  root.dataset.theme = dark ? 'dark' : 'light';
  root.style.colorScheme = dark ? 'dark' : 'light';
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage may be disabled; the theme still applies for this page.
  }
  $theme.set(theme);
}
