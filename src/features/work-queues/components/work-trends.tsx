import { Alert, Button, SimpleGrid, Skeleton } from '@mantine/core';
import type { WorkTrends as Trends } from '@/contract/work-queues';
import { formatDate, formatNumber } from '@/domain/format';
import { useWorkTrends } from '../api/get-work-trends';
import { dayBefore } from '../model/reader-day';
import { TrendChart } from './trend-chart';

const percent = (part: number, whole: number) => (whole === 0 ? null : part / whole);
const percentWords = (share: number | null) =>
  share === null ? 'none counted' : `${Math.round(share * 100)}%`;

function OnTimeChart({ days, now }: { days: Trends['days']; now: Date }) {
  const shipped = days.reduce((sum, day) => sum + day.shipped, 0);
  const onTime = days.reduce((sum, day) => sum + day.onTime, 0);
  const today = days.at(-1);
  const summary =
    shipped === 0
      ? 'No order shipped in the last 14 days.'
      : `${percentWords(percent(onTime, shipped))} of ${formatNumber(shipped)} orders shipped in the last 14 days left by their ship-by date; ${
          today?.shipped
            ? `today ${percentWords(percent(today.onTime, today.shipped))} of ${formatNumber(today.shipped)}.`
            : 'none shipped yet today.'
        }`;
  return (
    <TrendChart
      title="On-time shipping, per day"
      summary={summary}
      bars={days.map((day) => ({
        label: formatDate(dayBefore(now, day.daysAgo).toISOString()),
        share: percent(day.onTime, day.shipped),
        detail: `${formatNumber(day.onTime)} of ${formatNumber(day.shipped)} on time`,
      }))}
    />
  );
}

function FillRateChart({ weeks, now }: { weeks: Trends['weeks']; now: Date }) {
  const announced = weeks.reduce((sum, week) => sum + week.announced, 0);
  const received = weeks.reduce((sum, week) => sum + week.received, 0);
  const receives = weeks.reduce((sum, week) => sum + week.receives, 0);
  const summary =
    receives === 0
      ? 'No receive was finalized in the last 8 weeks.'
      : `${percentWords(percent(received, announced))} of ${formatNumber(announced)} announced units arrived on ${formatNumber(receives)} receives finalized in the last 8 weeks.`;
  return (
    <TrendChart
      title="Receive fill rate, per week"
      summary={summary}
      bars={weeks.map((week) => ({
        label: `Week from ${formatDate(dayBefore(now, week.weeksAgo * 7 + 6).toISOString())}`,
        share: percent(week.received, week.announced),
        detail: `${formatNumber(week.received)} of ${formatNumber(week.announced)} units on ${formatNumber(week.receives)} receives`,
      }))}
    />
  );
}

/** The two trends, asked once the queues have answered so they never hold the page up. */
export function WorkTrends({
  todayStart,
  now,
  enabled,
}: {
  todayStart: string;
  now: Date;
  enabled: boolean;
}) {
  const trends = useWorkTrends(todayStart, enabled);
  if (trends.isError) {
    return (
      <Alert color="red" title="The trends could not be loaded">
        <Button variant="light" size="xs" mt="xs" onClick={() => void trends.refetch()}>
          Retry
        </Button>
      </Alert>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      {trends.data ? (
        <>
          <OnTimeChart days={trends.data.days} now={now} />
          <FillRateChart weeks={trends.data.weeks} now={now} />
        </>
      ) : (
        <>
          <Skeleton height={150} />
          <Skeleton height={150} />
        </>
      )}
    </SimpleGrid>
  );
}
