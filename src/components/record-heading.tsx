import { Title, type TitleProps } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';

// The history entry whose heading took the focus last: a heading that mounts again on the same entry (a
// refresh, a live update that suspends) leaves the focus where the reader has since moved it.
let focusedEntry: string | undefined;

/**
 * A record page's heading (h1). Opened from the search (with `focusHeadingState`, lib/heading-focus), the
 * page puts the focus here, so the next Tab reaches the page's first control rather than the navigation;
 * so does the same page opened again from the search. The heading is focusable from script only
 * (tabIndex -1) and draws no focus ring (app.css): it is no control, and a ring around a heading reads as
 * a button.
 */
export function RecordHeading(props: Omit<TitleProps, 'order'>) {
  const ref = useRef<HTMLHeadingElement>(null);
  // No router around a page rendered alone (a component test): nothing opens it from the search.
  const router = useRouter({ warn: false }) as ReturnType<typeof useRouter> | null;
  useEffect(() => {
    if (!router) return;
    const focusIfAsked = () => {
      const { state, href } = router.state.location;
      const entry = state.__TSR_key ?? state.key ?? href;
      if (!state.focusHeading || entry === focusedEntry) return;
      focusedEntry = entry;
      // The router has put the page at its top; the focus moves nothing.
      ref.current?.focus({ preventScroll: true });
    };
    focusIfAsked();
    return router.subscribe('onResolved', focusIfAsked);
  }, [router]);
  return <Title order={1} {...props} ref={ref} tabIndex={-1} className="record-heading" />;
}
