import { Anchor } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import type { SearchMatch } from '@/contract/index-search';
import { focusHeadingState } from '@/lib/heading-focus';
import { matchHref } from '@/lib/match-description';

/** A search match's reference, opening its record with the focus on the record's heading. */
export function MatchLink({ match }: { match: SearchMatch }) {
  const router = useRouter();
  const href = matchHref(match);
  function open(event: MouseEvent<HTMLAnchorElement>) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    void router.navigate({ href, state: focusHeadingState });
  }
  return (
    <Anchor href={href} onClick={open} fw={600}>
      {match.primaryReference}
    </Anchor>
  );
}
