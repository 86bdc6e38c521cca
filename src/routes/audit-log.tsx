import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { listActivityQueryOptions } from '@/features/activity/api/list-activity';
import { ActivityListPage } from '@/features/activity/components/activity-list-page';
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
    queryClient.ensureQueryData(listActivityQueryOptions(readPositiveInteger(cursors?.at(-1)))),
  head: () => ({ meta: [{ title: 'Audit log · Warehouse Console' }] }),
  component: ActivityRoute,
});

function ActivityRoute() {
  const { cursors } = Route.useSearch();
  return <ActivityListPage cursors={cursors ?? []} />;
}
