import { createTheme, Notification } from '@mantine/core';

/** Shade 8 keeps filled buttons and links above 4.5:1 in both schemes (shade 6 gives 4.19:1). */
export const theme = createTheme({
  primaryShade: 8,
  components: {
    Notification: Notification.extend({
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
    }),
  },
});
