import { Alert, Stack, Text, Title } from '@mantine/core';
import { KeyValueList } from '@/components/key-value-list';
import { LocalTime } from '@/components/local-time';
import type { IndexStatus } from '@/contract/index-records';
import { formatNumber } from '@/domain/format';
import { useCan } from '@/lib/session';
import { elapsedWords } from '../model/elapsed-words';

/** The last sync over the warehouse's listing: when, how many, how it ended, and when the next one runs. */
export function SyncRunSection({ sync }: { sync: IndexStatus['sync'] }) {
  const run = sync?.lastRun ?? null;
  const readsSettings = useCan('settings.read');
  return (
    <Stack component="section" aria-labelledby="sync-heading" gap="md">
      <Title order={2} size="h3" id="sync-heading">
        Last sync
      </Title>
      {sync === null ? (
        <Text>
          The console runs no sync{readsSettings ? ' (SYNC_INTERVAL is off)' : ''}: the index lives on
          webhooks and lookups.
        </Text>
      ) : (
        <>
          {sync.mode === 'webhooks-only' ? (
            <Alert color="yellow" title="The sync cannot use the warehouse's listing">
              {sync.problem} The index lives on webhooks, lookups and the console's own changes.
            </Alert>
          ) : null}
          {run?.error ? (
            <Alert color="red" title="The last sync failed">
              {run.error}
            </Alert>
          ) : null}
          <KeyValueList
            columns={4}
            items={[
              {
                label: 'Result',
                value: sync.running
                  ? 'Running now'
                  : run === null
                    ? 'Not run yet'
                    : run.error
                      ? 'Failed'
                      : run.finishedAt
                        ? 'Finished'
                        : 'Stopped before the end',
              },
              { label: 'Started', value: run ? <LocalTime value={run.startedAt} /> : null },
              { label: 'Finished', value: run?.finishedAt ? <LocalTime value={run.finishedAt} /> : null },
              {
                label: 'Next run',
                value: sync.nextRunAt ? <LocalTime value={sync.nextRunAt} /> : null,
                hint: `Every ${elapsedWords(sync.intervalSeconds)}`,
              },
              { label: 'Pages read', value: run ? formatNumber(run.pages) : null },
              {
                label: 'Stored',
                value: run ? formatNumber(run.stored) : null,
                hint: 'New or newer versions',
              },
              {
                label: 'Already held',
                value: run ? formatNumber(run.duplicate + run.stale) : null,
                hint: 'Duplicates and older versions, left alone',
              },
              { label: 'Unreadable', value: run ? formatNumber(run.unreadable) : null },
              ...(sync.team ? [runsOn(sync.team)] : []),
            ]}
          />
        </>
      )}
    </Stack>
  );
}

/** Of a team's consoles, which one syncs the index they share: only that one runs the sync. */
function runsOn({ leader, thisConsole }: NonNullable<NonNullable<IndexStatus['sync']>['team']>) {
  return {
    label: 'Runs on',
    value:
      leader === null ? (
        'No console right now'
      ) : (
        <>
          {leader.console === thisConsole ? 'This console' : 'Another console'} ({leader.console}), since{' '}
          <LocalTime value={leader.since} />
        </>
      ),
    hint: 'Of the consoles sharing this database, one runs the sync; another takes over within seconds when it stops',
  };
}
