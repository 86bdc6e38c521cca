import { Group, Highlight, Text } from '@mantine/core';
import type { SearchMatch } from '@/contract/index-search';
import { matchedParts } from '@/domain/search-text';
import { matchDetails, matchReason } from '@/lib/match-description';

/**
 * What a match is (who, when, its state, its items and tracking) and why it matched, with the part the
 * search found marked; a match of a typo read otherwise says how it was read.
 */
export function MatchSummary({ match, q }: { match: SearchMatch; q: string }) {
  const reason = matchReason(match);
  return (
    <>
      {match.spelledAs === null ? null : (
        <Text size="sm" fw={600} c="dimmed">
          Close match: read as “{match.spelledAs}”
        </Text>
      )}
      {matchDetails(match)
        .filter(Boolean)
        .map((details) => (
          // Two lines at most: on a phone the tracking number wraps rather than being cut off.
          <Text key={details} size="sm" c="dimmed" lineClamp={2}>
            {details}
          </Text>
        ))}
      <Group gap={4} wrap="nowrap" fz="sm">
        <Text span size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {reason}:
        </Text>
        <Highlight span size="sm" highlight={matchedParts(match.snippet, match.spelledAs ?? q)} lineClamp={1}>
          {match.snippet}
        </Highlight>
      </Group>
    </>
  );
}
