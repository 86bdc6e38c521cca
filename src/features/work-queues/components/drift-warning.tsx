import { Alert, Text } from '@mantine/core';
import { LocalTime } from '@/components/local-time';
import { AnchorLink } from '@/components/router-links';
import { formatNumber } from '@/domain/format';
import { useIndexDrift } from '../api/get-index-drift';

/** Drift found within this long is worth a word on the start page. */
const recentMs = 60 * 60_000;

/** A warning when the console's copy was found to differ from the warehouse in the last hour. */
export function DriftWarning({ now }: { now: Date }) {
  const { data: drift } = useIndexDrift();
  if (!drift?.lastDriftAt || now.getTime() - Date.parse(drift.lastDriftAt) > recentMs) return null;
  return (
    <Alert color="yellow" title="The console's copy differed from the warehouse">
      <Text size="sm">
        {formatNumber(drift.differing)} records differed since the console started, the last (
        {drift.lastDriftReference}) at <LocalTime value={drift.lastDriftAt} />; {formatNumber(drift.repaired)}{' '}
        were repaired from the warehouse. <AnchorLink to="/sync">See Sync</AnchorLink>
      </Text>
    </Alert>
  );
}
