import { type CSSVariablesResolver, createTheme, DEFAULT_THEME } from '@mantine/core';

/** Shade 8 keeps filled buttons and links above 4.5:1 in both schemes (shade 6 gives 4.19:1). */
export const theme = createTheme({
  primaryShade: 8,
  // Notifications, menus and scheme changes appear without sliding or fading for who asks the system so.
  respectReducedMotion: true,
  // Plain objects rather than `Fieldset.extend(…)`: naming the components would load them with the first page.
  components: {
    // The browser's 2px side margin would set fieldsets in from the fields, alerts and buttons around them.
    Fieldset: { styles: { root: { marginInline: 0 } } },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } },
  },
});

/**
 * Mantine's defaults for dimmed text (gray 6), error text and light variants (badges, alerts) on their
 * tinted backgrounds fall below WCAG AA 4.5:1 in one scheme or the other; these values pass.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    ...Object.fromEntries(
      Object.keys(DEFAULT_THEME.colors).map((color) => [
        `--mantine-color-${color}-light-color`,
        `color-mix(in srgb, var(--mantine-color-${color}-9), black 30%)`,
      ]),
    ),
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
  },
});
