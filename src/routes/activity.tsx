import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { listActivityQueryOptions } from '../features/activity/api/list-activity';
import { ActivityPage } from '../features/activity/components/activity-page';
import { readPositiveInteger } from '../lib/search-params';

export const Route = createFileRoute('/activity')({
  validateSearch: (search: { before?: number } & SearchSchemaInput) => ({
    before: readPositiveInteger(search.before),
  }),
  loaderDeps: ({ search }) => ({ before: search.before }),
  loader: ({ context: { queryClient }, deps: { before } }) =>
    queryClient.ensureQueryData(listActivityQueryOptions(before)),
  head: () => ({ meta: [{ title: 'Activity · Warehouse Console' }] }),
  component: ActivityRoute,
});

function ActivityRoute() {
  const { before } = Route.useSearch();
  return <ActivityPage before={before} />;
}
