import { Badge, Group, List, Stack, Text, Title } from '@mantine/core';
import { ConsoleCopyMark } from '@/components/console-copy-mark';
import { EmptyState } from '@/components/empty-state';
import { MatchLink } from '@/components/match-link';
import { MatchSummary } from '@/components/match-summary';
import { Pager } from '@/components/pager';
import { AnchorLink } from '@/components/router-links';
import type { SearchPage } from '@/contract/index-search';
import { customerKeyOf } from '@/domain/parties';
import { recordKindWords } from '@/domain/record-states';
import { tracedValueOf } from '@/lib/match-description';

/** A lot or serial number found whole: its trace, from the receive to the customers, is one click away. */
function TraceOffer({ value }: { value: string | null }) {
  if (value === null) return null;
  return (
    <AnchorLink to="/trace" search={{ q: value }}>
      Trace {value}: which receive brought it in and which customers got it
    </AnchorLink>
  );
}

/**
 * The customers whose email the matches were found by (orders and returns), each offered as a link to
 * their page: every order and return of theirs, with their counts.
 */
function CustomerOffers({ matches }: { matches: SearchPage['matches'] }) {
  const emails = [
    ...new Set(
      matches
        .filter(
          (match) =>
            (match.kind === 'order' || match.kind === 'return') &&
            match.matchedField.endsWith('emailAddress'),
        )
        .flatMap((match) => customerKeyOf({ emailAddress: match.snippet }) ?? []),
    ),
  ].slice(0, 3);
  return emails.map((key) => (
    <AnchorLink key={key} to="/customers" search={{ key }}>
      The customer {key}: every order and return of theirs
    </AnchorLink>
  ));
}

type SearchResultsProps = { q: string; page: number; found: SearchPage };

/** Everything the index finds for `q`, best first, a page at a time, each saying why it matched. */
export function SearchResults({ q, page, found }: SearchResultsProps) {
  if (!q) {
    return (
      <Stack gap="md">
        <Title order={1}>Search</Title>
        <EmptyState
          title="Type what you are looking for"
          description="A reference, a name, an email, a phone, a tracking, serial or lot number: use the search box at the top, or press Ctrl or ⌘ + K."
        />
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <Title order={1}>Search results for “{q}”</Title>
      <ConsoleCopyMark />
      {found.matches.length === 0 ? (
        <EmptyState
          title="Nothing matches"
          description={`No order, receive, return or product has a reference, name, email, phone, tracking, serial or lot number that starts with “${q}”.`}
        />
      ) : (
        <>
          <Text>Best matches first. Each says why it matched.</Text>
          <TraceOffer value={tracedValueOf(found.matches, q)} />
          <CustomerOffers matches={found.matches} />
          <List listStyleType="none" spacing="sm" aria-label="Matches">
            {found.matches.map((match) => (
              <List.Item key={`${match.kind}-${match.id}`}>
                <Group gap="sm" align="flex-start" wrap="nowrap">
                  <Badge variant="light" tt="none" w={80} mt={2}>
                    {recordKindWords[match.kind]}
                  </Badge>
                  <Stack gap={0}>
                    <MatchLink match={match} />
                    <MatchSummary match={match} q={q} />
                  </Stack>
                </Group>
              </List.Item>
            ))}
          </List>
          <Pager
            page={page}
            hasNext={found.hasMore}
            searchFor={(target) => ({ page: target > 1 ? target : undefined })}
          />
        </>
      )}
    </Stack>
  );
}
