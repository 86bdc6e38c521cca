import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { listAuditLogQueryOptions } from '@/features/audit-log/api/list-audit-log';
import { AuditLogListPage } from '@/features/audit-log/components/audit-log-list-page';
import { type CursorPageSearch, readCursors } from '@/lib/cursor-pages';
import { readPositiveInteger } from '@/lib/search-params';

export const Route = createFileRoute('/audit-log')({
  // The log's cursors are entry ids: a link with anything else opens the newest page.
  validateSearch: (search: CursorPageSearch & SearchSchemaInput) => {
    const cursors = readCursors(search.cursors);
    return { cursors: cursors?.every((cursor) => readPositiveInteger(cursor)) ? cursors : undefined };
  },
  loaderDeps: ({ search }) => ({ cursors: search.cursors }),
  loader: ({ context: { queryClient }, deps: { cursors } }) =>
    queryClient.ensureQueryData(listAuditLogQueryOptions(readPositiveInteger(cursors?.at(-1)))),
  head: () => ({ meta: [{ title: 'Audit log · Warehouse Console' }] }),
  component: AuditLogRoute,
});

function AuditLogRoute() {
  const { cursors } = Route.useSearch();
  return <AuditLogListPage cursors={cursors ?? []} />;
}
