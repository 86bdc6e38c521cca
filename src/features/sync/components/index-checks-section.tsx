import { Alert, Stack, Text, Title } from '@mantine/core';
import { KeyValueList } from '@/components/key-value-list';
import { LocalTime } from '@/components/local-time';
import type { IndexStatus } from '@/contract/index-records';
import { formatNumber } from '@/domain/format';

/**
 * The index checked against the warehouse since the console started: records read back because their
 * webhooks could not settle them (two versions of one second, a date ahead of the clock), and the drift
 * check's comparisons.
 */
export function IndexChecksSection({ checks }: { checks: IndexStatus['checks'] }) {
  return (
    <Stack component="section" aria-labelledby="checks-heading" gap="md">
      <Title order={2} size="h3" id="checks-heading">
        Checks against the warehouse
      </Title>
      {checks === null ? (
        <Text>This console runs no checks against the warehouse.</Text>
      ) : (
        <>
          {checks.drift.lastDriftAt ? (
            <Alert color="yellow" title="The index differed from the warehouse">
              {formatNumber(checks.drift.differing)} of {formatNumber(checks.drift.checked)} records compared
              differed, the last ({checks.drift.lastDriftReference}) at{' '}
              <LocalTime value={checks.drift.lastDriftAt} />; {formatNumber(checks.drift.repaired)} were
              repaired from the warehouse.
            </Alert>
          ) : null}
          <KeyValueList
            columns={4}
            items={[
              {
                label: 'Read back',
                value: formatNumber(checks.readBack.reads),
                hint: 'Records read from the warehouse because two versions shared a second or one was dated ahead',
              },
              {
                label: 'Read back and corrected',
                value: formatNumber(checks.readBack.repaired),
              },
              {
                label: 'Waiting to be read back',
                value: formatNumber(checks.readBack.waiting),
                hint:
                  checks.readBack.dropped + checks.readBack.failed > 0
                    ? `${formatNumber(checks.readBack.failed)} reads failed, ${formatNumber(checks.readBack.dropped)} not made (too many waited)`
                    : undefined,
              },
              {
                label: 'Last drift check',
                value: checks.drift.lastCheckAt ? (
                  <LocalTime value={checks.drift.lastCheckAt} />
                ) : (
                  'Not run yet'
                ),
                hint: 'Recently changed records and a few others, every minute',
              },
              { label: 'Compared', value: formatNumber(checks.drift.checked) },
              { label: 'Differing', value: formatNumber(checks.drift.differing) },
              { label: 'Repaired', value: formatNumber(checks.drift.repaired) },
              {
                label: 'Comparisons failed',
                value: formatNumber(checks.drift.failed),
                hint: 'The warehouse did not answer',
              },
            ]}
          />
        </>
      )}
    </Stack>
  );
}
