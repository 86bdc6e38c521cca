import { Group } from '@mantine/core';
import { DownloadLink } from '@/components/download-link';
import { countOf } from '@/domain/format';
import type { QueryText } from '@/lib/call-operation';
import { useCan } from '@/lib/session';

type ExportRoute = { path: string; query: object };

/**
 * Downloads a list's export from the server with the list's filters as they are (every matching row, not
 * only the page shown): an Excel workbook, or CSV, times in the reader's time zone. Only for roles that may
 * download exports; others see nothing.
 */
export function ExportLinks<R extends ExportRoute>({
  route,
  workbookRoute,
  filters,
  total,
}: {
  /** The CSV export's route, as the contract declares it (`exportOrdersRoute`). */
  route: R;
  /** The workbook's (`exportOrdersWorkbookRoute`), which takes the same query. */
  workbookRoute: ExportRoute;
  filters: QueryText<R>;
  total: number | undefined;
}) {
  const mayExport = useCan('exports.download');
  if (!mayExport) return null;
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries<string | undefined>(filters)) if (value) query.set(name, value);
  query.set('timeZone', Intl.DateTimeFormat().resolvedOptions().timeZone);
  const rows = total === undefined ? '' : ` (${countOf(total, 'row')})`;
  return (
    <Group gap="xs">
      <DownloadLink href={`/api${workbookRoute.path}?${query}`}>Export to Excel{rows}</DownloadLink>
      <DownloadLink href={`/api${route.path}?${query}`}>Export CSV{rows}</DownloadLink>
    </Group>
  );
}
