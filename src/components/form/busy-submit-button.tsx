import { Button, type ButtonProps, Loader } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A submit button that shows a search or save under way without `loading`: that disables the button, and
 * focus on it would drop to the page.
 */
export function BusySubmitButton({
  busy,
  children,
  ...props
}: ButtonProps & { busy: boolean; children: ReactNode }) {
  return (
    <Button
      type="submit"
      aria-busy={busy}
      rightSection={busy ? <Loader size={14} color="var(--button-color)" aria-hidden /> : null}
      {...props}
    >
      {children}
    </Button>
  );
}
