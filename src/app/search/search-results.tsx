import { Anchor, Badge, Group, List, Stack, Text, Title } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import { EmptyState } from '../../components/empty-state';
import type { SearchMatch } from './search-matches';

function MatchLink({ match }: { match: SearchMatch }) {
  const router = useRouter();
  function open(event: MouseEvent<HTMLAnchorElement>) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    void router.navigate({ href: match.href });
  }
  return (
    <Anchor href={match.href} onClick={open} fw={600}>
      {match.label}
    </Anchor>
  );
}

export function SearchResults({ q, matches }: { q: string; matches: SearchMatch[] }) {
  if (!q) {
    return (
      <Stack gap="md">
        <Title order={1}>Search</Title>
        <EmptyState
          title="Type a reference or product code"
          description="Use the search box at the top, or press Ctrl or ⌘ + K."
        />
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <Title order={1}>Search results for “{q}”</Title>
      {matches.length === 0 ? (
        <EmptyState
          title="Nothing matches"
          description={`No order, receive, return or product has exactly the reference or code “${q}”. The match is exact: check the spelling and letter case.`}
        />
      ) : (
        <>
          <Text>{matches.length} records have this reference or code. Choose the one you mean.</Text>
          <List listStyleType="none" spacing="sm" aria-label="Matches">
            {matches.map((match) => (
              <List.Item key={match.href}>
                <Group gap="sm">
                  <Badge variant="light" tt="none" w={80}>
                    {match.kind}
                  </Badge>
                  <MatchLink match={match} />
                  {match.description ? <Text c="dimmed">{match.description}</Text> : null}
                </Group>
              </List.Item>
            ))}
          </List>
        </>
      )}
    </Stack>
  );
}
