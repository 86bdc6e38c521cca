import { List, Stack, Text } from '@mantine/core';
import type { SearchPage } from '@/contract/index-search';
import { MatchLink } from './match-link';
import { MatchSummary } from './match-summary';
import { AnchorLink } from './router-links';

/**
 * The records a page's search box found for `q`, each with the facts the search page shows; when only a
 * typo read otherwise found any, it says so rather than that they match what was typed.
 */
export function BoxMatches({ q, found, what }: { q: string; found: SearchPage; what: 'order' | 'product' }) {
  const onlyClose = found.matches.every((match) => match.spelledAs !== null);
  const count = found.matches.length;
  return (
    <Stack gap="xs" component="section" aria-label={`${what}s matching “${q}”`}>
      <Text fw={600}>
        {onlyClose
          ? `No ${what}s match “${q}”. Close matches:`
          : found.hasMore
            ? `The first ${count} ${what}s match “${q}”`
            : `${count} ${count === 1 ? `${what} matches` : `${what}s match`} “${q}”`}
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
