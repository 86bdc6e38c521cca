import { DownloadLink } from '@/components/download-link';
import { countOf } from '@/domain/format';
import type { QueryText } from '@/lib/call-operation';
import { useCan } from '@/lib/session';

/**
 * Downloads a list's CSV from the server with the list's filters as they are (every matching row, not
 * only the page shown). Only for roles that may download exports; others see nothing.
 */
export function CsvExportLink<R extends { path: string; query: object }>({
  route,
  filters,
  total,
}: {
  /** The export's route, as the contract declares it (`exportOrdersRoute`). */
  route: R;
  filters: QueryText<R>;
  total: number | undefined;
}) {
  const mayExport = useCan('exports.download');
  if (!mayExport) return null;
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries<string | undefined>(filters)) if (value) query.set(name, value);
  const search = query.toString();
  return (
    <DownloadLink href={`/api${route.path}${search ? `?${search}` : ''}`}>
      Export CSV
      {total === undefined ? '' : ` (${countOf(total, 'row')})`}
    </DownloadLink>
  );
}
