import { THEMES, type Theme } from '@warraq/contracts/browser';
import { $theme, applyTheme } from '@/stores/theme';

function isTheme(value: string | undefined): value is Theme {
  return (THEMES as readonly string[]).includes(value ?? '');
}

/** Wires the theme switchers on the page ([data-theme-switcher], components/ThemeSwitcher.astro). */
export function startThemeSwitchers(): void {
  for (const group of document.querySelectorAll<HTMLElement>('[data-theme-switcher]')) {
    const buttons = group.querySelectorAll<HTMLButtonElement>('[data-theme-choice]');
    $theme.subscribe((theme) => {
      buttons.forEach((button) => {
        const active = button.dataset.themeChoice === theme;
        button.setAttribute('aria-pressed', String(active));
        button.classList.toggle('btn-active', active);
      });
    });
    buttons.forEach((button) =>
      button.addEventListener('click', () => {
        const theme = button.dataset.themeChoice;
        if (!isTheme(theme)) return;
        applyTheme(theme);
        const userId = Number(group.dataset.userId);
        if (Number.isInteger(userId) && userId > 0) {
          // Loaded on demand: the API client brings the schema library, which guests never need.
          import('@/lib/api/users')
            .then(({ savePreferences }) => savePreferences(userId, { theme }))
            .catch((error: unknown) => {
              console.error('[site] could not save the theme preference', error);
            });
        }
      }),
    );
  }
}
