import { Anchor, List, Stack, Text } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import type { SearchMatch, SearchPage } from '../contract/index-search';
import { focusHeadingState } from '../lib/heading-focus';
import { matchHref } from '../lib/match-description';
import { MatchSummary } from './match-summary';
import { AnchorLink } from './router-links';

function MatchLink({ match }: { match: SearchMatch }) {
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

/** The records a page's search box found for `q`, each with the facts the search page shows. */
export function BoxMatches({ q, found, what }: { q: string; found: SearchPage; what: string }) {
  return (
    <Stack gap="xs" component="section" aria-label={`${what} matching “${q}”`}>
      <Text fw={600}>
        {found.hasMore ? `The first ${found.matches.length}` : found.matches.length} {what} match “{q}”
      </Text>
      <List listStyleType="none" spacing="sm" aria-label="Matches">
        {found.matches.map((match) => (
          <List.Item key={match.id}>
            <Stack gap={0}>
              <MatchLink match={match} />
              <MatchSummary match={match} q={q} />
            </Stack>
          </List.Item>
        ))}
      </List>
      {found.hasMore ? (
        <AnchorLink to="/search" search={{ q }}>
          See every match on the search page
        </AnchorLink>
      ) : null}
    </Stack>
  );
}
