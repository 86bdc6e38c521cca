import type { ScrollAreaProps } from '@mantine/core';

/**
 * Scroll area props of a table wider than a phone: its viewport takes focus, so the keyboard can scroll it
 * sideways too (WCAG 2.1.1). Unnamed on purpose: the table inside already carries the name.
 */
export const keyboardScrollable: ScrollAreaProps = { viewportProps: { tabIndex: 0 } };
