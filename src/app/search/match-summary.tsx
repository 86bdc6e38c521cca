import { Group, Highlight, Text } from '@mantine/core';
import type { SearchMatch } from '../../contract/index-search';
import { matchedParts } from '../../domain/search-text';
import { matchReason } from './match-description';

/** What a match is (title and state) and why it matched, with the part the search found marked. */
export function MatchSummary({ match, q }: { match: SearchMatch; q: string }) {
  const reason = matchReason(match);
  const details = [match.title, match.state.replaceAll('_', ' ')].filter(Boolean).join(' · ');
  return (
    <>
      {details ? (
        <Text size="sm" c="dimmed" lineClamp={1}>
          {details}
        </Text>
      ) : null}
      <Group gap={4} wrap="nowrap" fz="sm">
        <Text span size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {reason}:
        </Text>
        <Highlight span size="sm" highlight={matchedParts(match.snippet, q)} lineClamp={1}>
          {match.snippet}
        </Highlight>
      </Group>
    </>
  );
}
