import { Button } from '@mantine/core';
import { countOf } from '@/domain/format';
import { useCan } from '@/lib/session';

/**
 * Downloads a list's CSV from the server with the list's filters as they are (every matching row, not
 * only the page shown). Only for roles that may download exports; others see nothing.
 */
export function CsvExportLink({
  path,
  filters,
  total,
}: {
  /** The export's path under /api, e.g. `/index/orders.csv`. */
  path: string;
  filters: Record<string, string | undefined>;
  total: number | undefined;
}) {
  const mayExport = useCan('exports.download');
  if (!mayExport) return null;
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) query.set(name, value);
  const search = query.toString();
  return (
    <Button component="a" variant="default" href={`/api${path}${search ? `?${search}` : ''}`} download>
      Export CSV
      {total === undefined ? '' : ` (${countOf(total, 'row')})`}
    </Button>
  );
}
