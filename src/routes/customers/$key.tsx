import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { NotFoundMessage } from '@/components/not-found-message';
import { getCustomerQueryOptions } from '@/features/parties/api/get-customer';
import { CustomerPage } from '@/features/parties/components/customer-page';
import { type CursorPageSearch, loadCursorPage, readCursors } from '@/lib/cursor-pages';
import { requireRecord } from '@/lib/require-record';

export const Route = createFileRoute('/customers/$key')({
  validateSearch: (search: CursorPageSearch & SearchSchemaInput) => ({
    cursors: readCursors(search.cursors),
  }),
  loaderDeps: ({ search }) => ({ cursors: search.cursors }),
  loader: ({ context: { queryClient }, params: { key }, deps: { cursors } }) =>
    requireRecord(
      loadCursorPage(cursors, (cursor) => queryClient.ensureQueryData(getCustomerQueryOptions(key, cursor))),
    ),
  head: () => ({ meta: [{ title: 'Customer · Warehouse Console' }] }),
  notFoundComponent: CustomerNotFound,
  component: CustomerRoute,
});

function CustomerNotFound() {
  const { key } = Route.useParams();
  return (
    <NotFoundMessage
      what="Customer"
      explanation={<>The console holds no records of “{key}”.</>}
      back={{ to: '/', label: 'the start page' }}
      searchFor={key}
    />
  );
}

function CustomerRoute() {
  const { key } = Route.useParams();
  const { cursors } = Route.useSearch();
  const { cursorRefused } = Route.useLoaderData();
  return <CustomerPage customerKey={key} cursors={cursorRefused ? [] : (cursors ?? [])} />;
}
