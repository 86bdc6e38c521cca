import { Group, Highlight, Text } from '@mantine/core';
import type { SearchMatch } from '@/contract/index-search';
import { compactForm, matchedParts } from '@/domain/search-text';
import { matchDetails, matchReason } from '@/lib/match-description';

/**
 * What a match is (who, when, its state, its items and tracking) and why it matched, with the part the
 * search found marked; a match of a typo read otherwise says how it was read. When what matched is the
 * match's title (the customer's name), the reason stands in the title's place, so a row is a line shorter:
 * on a phone more rows show above the keyboard.
 */
export function MatchSummary({ match, q }: { match: SearchMatch; q: string }) {
  const reason = matchReason(match);
  const [who, what] = matchDetails(match);
  const highlight = matchedParts(match.snippet, match.spelledAs ?? q);
  const titleMatched =
    match.title !== '' &&
    who.startsWith(match.title) &&
    compactForm(match.snippet) === compactForm(match.title);
  return (
    <>
      {match.spelledAs === null ? null : (
        <Text size="sm" fw={600} c="dimmed">
          Close match: read as “{match.spelledAs}”
        </Text>
      )}
      {titleMatched ? (
        <Text size="sm" c="dimmed" className="match-detail">
          <Text span size="sm" c="dimmed" mr={4}>
            {reason}:
          </Text>
          <Highlight span size="sm" highlight={highlight}>
            {match.snippet}
          </Highlight>
          {who.slice(match.title.length)}
        </Text>
      ) : null}
      {[titleMatched ? '' : who, what].filter(Boolean).map((details) => (
        <Text key={details} size="sm" c="dimmed" className="match-detail">
          {details}
        </Text>
      ))}
      {titleMatched ? null : (
        <Group gap={4} wrap="nowrap" fz="sm">
          <Text span size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {reason}:
          </Text>
          <Highlight span size="sm" highlight={highlight} lineClamp={1}>
            {match.snippet}
          </Highlight>
        </Group>
      )}
    </>
  );
}
