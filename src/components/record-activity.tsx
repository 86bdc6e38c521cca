import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { ActivityRecordKind, RecordChange } from '@/contract/record-activity';
import { formatExactDateTime, formatTimeAgo } from '@/domain/format';
import { isNotFoundError } from '@/lib/api-error';
import { recordActivityQueryOptions } from '@/lib/get-record-activity';
import { changeSource, whatChanged } from '@/lib/record-change-words';

function ChangeItem({ change }: { change: RecordChange }) {
  const [headline, ...more] = whatChanged(change);
  return (
    <li className="record-activity-item">
      <Text fw={600} size="sm">
        {headline}
        {more.length > 0 ? <Text span fw={400}>{` · ${more.join(' · ')}`}</Text> : null}
      </Text>
      <Text size="sm" c="dimmed">
        {changeSource(change)} ·{' '}
        <time dateTime={change.at} title={formatExactDateTime(change.at)}>
          {formatTimeAgo(change.at)}
        </time>
      </Text>
    </li>
  );
}

/**
 * A record's activity, newest first, from the console's index: what changed (state, tracking, address,
 * lines), from where (webhook, sync, lookup, console and who) and when. Its query sits under the record's
 * kind, so a live change refetches it with the page.
 */
export function RecordActivity({ kind, reference }: { kind: ActivityRecordKind; reference: string }) {
  const activity = useInfiniteQuery(recordActivityQueryOptions(kind, reference));
  const changes = activity.data?.pages.flatMap((page) => page.entries) ?? [];
  // The index holds no copy (yet): it has seen no change to show.
  const unseen = activity.isError && isNotFoundError(activity.error);
  return (
    <Stack gap="sm" component="section" aria-labelledby="record-activity-heading">
      <Title order={2} size="h4" id="record-activity-heading">
        Activity
      </Title>
      {activity.isPending ? (
        <Group gap="xs">
          <Loader size="sm" aria-hidden />
          <Text size="sm">Loading activity…</Text>
        </Group>
      ) : null}
      {activity.isError && !unseen && changes.length === 0 ? (
        <Alert color="red" title="Could not load the activity">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{activity.error.message}</Text>
            <Button size="compact-sm" variant="light" onClick={() => void activity.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : null}
      {unseen || (activity.isSuccess && changes.length === 0) ? (
        <Text size="sm" c="dimmed">
          No changes recorded.
        </Text>
      ) : null}
      {changes.length > 0 ? (
        <ol className="record-activity" aria-label="Changes, newest first">
          {changes.map((change) => (
            <ChangeItem key={change.seq} change={change} />
          ))}
        </ol>
      ) : null}
      {activity.hasNextPage ? (
        <Button
          variant="default"
          size="compact-sm"
          style={{ alignSelf: 'flex-start' }}
          loading={activity.isFetchingNextPage}
          onClick={() => void activity.fetchNextPage()}
        >
          Show older
        </Button>
      ) : null}
      {activity.isFetchNextPageError ? (
        <Text size="sm" c="red.8" role="alert">
          Could not load older changes: {activity.error?.message}
        </Text>
      ) : null}
    </Stack>
  );
}
