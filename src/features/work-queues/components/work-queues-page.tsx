import { Alert, Anchor, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { AnchorLink } from '@/components/router-links';
import { workQueueDefinitions } from '@/contract/work-queues';
import { startOfLocalDay } from '@/domain/local-day';
import { getConsoleConfigQueryOptions } from '@/lib/get-console-config';
import { silenceSinceWords, useWarehouseSilence } from '@/lib/warehouse-reach';
import { useWorkQueues } from '../api/get-work-queues';
import { queueSections } from '../model/queue-words';
import { readerDay } from '../model/reader-day';
import { DriftWarning } from './drift-warning';
import { WorkQueueCard, WorkQueueCardSkeleton } from './work-queue-card';
import { WorkTrends } from './work-trends';

const browse = [
  { to: '/orders', label: 'Orders' },
  { to: '/receives', label: 'Receives' },
  { to: '/returns', label: 'Returns' },
  { to: '/products', label: 'Products' },
] as const;

/** The start page: what needs attention today, queue by queue, then how shipping and receiving trend. */
export function WorkQueuesPage() {
  // The reader's day as the page opened: the queues and their links ask for the same days.
  const [now] = useState(() => new Date());
  const day = readerDay(now);
  const definitions = new Map(workQueueDefinitions(day).map((definition) => [definition.name, definition]));
  const queues = useWorkQueues(day);
  const byName = new Map(queues.data?.queues.map((queue) => [queue.name, queue]));
  const silence = useWarehouseSilence();
  // Not suspended on: the queues show first, the claim windows' days once the settings arrive.
  const claimWindowDays = useQuery(getConsoleConfigQueryOptions()).data?.claimWindowDays;

  return (
    <Stack gap="xl">
      <div>
        <Title order={1}>What needs attention</Title>
        {silence ? (
          <Text fw={600} c="var(--mantine-color-orange-light-color)">
            Work queues of the console's copy: the warehouse has not answered since{' '}
            {silenceSinceWords(silence, now)}.
          </Text>
        ) : (
          <Text c="dimmed">Work queues of your warehouse, as of now; they update as records change.</Text>
        )}
        <Group gap="md" mt="xs" component="nav" aria-label="Browse">
          <Text span size="sm" c="dimmed">
            Browse:
          </Text>
          {browse.map((link) => (
            <Anchor key={link.to} component={Link} to={link.to} size="sm">
              {link.label}
            </Anchor>
          ))}
        </Group>
      </div>
      <DriftWarning now={now} />
      {queues.isError ? (
        <Alert color="red" title="The work queues could not be loaded">
          <Text size="sm">{queues.error.message}</Text>
          <Button variant="light" size="xs" mt="xs" onClick={() => void queues.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : null}
      {queueSections.map((section) => (
        <Stack key={section.list} gap="sm" component="section" aria-labelledby={`queues-${section.list}`}>
          <Group justify="space-between" align="baseline">
            <Title order={2} size="h3" id={`queues-${section.list}`}>
              {section.title}
            </Title>
            <AnchorLink to={`/${section.list}`} size="sm">
              All {section.title.toLowerCase()}
            </AnchorLink>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
            {section.queues.map((name) => {
              const queue = byName.get(name);
              const definition = definitions.get(name);
              if (queue && definition)
                return (
                  <WorkQueueCard
                    key={name}
                    queue={queue}
                    definition={definition}
                    reading={{ claimWindowDays, now }}
                  />
                );
              return queues.isError ? null : <WorkQueueCardSkeleton key={name} />;
            })}
          </SimpleGrid>
        </Stack>
      ))}
      <Stack gap="sm" component="section" aria-labelledby="queues-trends">
        <Title order={2} size="h3" id="queues-trends">
          Trends
        </Title>
        <WorkTrends todayStart={startOfLocalDay(day.today)} now={now} enabled={queues.isSuccess} />
      </Stack>
    </Stack>
  );
}
