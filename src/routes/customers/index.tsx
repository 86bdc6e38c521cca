import { createFileRoute, notFound, type SearchSchemaInput } from '@tanstack/react-router';
import { NotFoundMessage } from '@/components/not-found-message';
import { getCustomerQueryOptions } from '@/features/parties/api/get-customer';
import { CustomerPage } from '@/features/parties/components/customer-page';
import { type CursorPageSearch, loadCursorPage, readCursors } from '@/lib/cursor-pages';
import { requireRecord } from '@/lib/require-record';
import { readText } from '@/lib/search-params';

// The key is a search parameter, not part of the path: an email ends like a file name (".com"), which the
// server answers as a missing asset rather than the page.
export const Route = createFileRoute('/customers/')({
  validateSearch: (search: { key?: string } & CursorPageSearch & SearchSchemaInput) => ({
    key: readText(search.key)?.slice(0, 320),
    cursors: readCursors(search.cursors),
  }),
  loaderDeps: ({ search }) => ({ key: search.key, cursors: search.cursors }),
  loader: ({ context: { queryClient }, deps: { key, cursors } }) => {
    if (key === undefined) throw notFound();
    return requireRecord(
      loadCursorPage(cursors, (cursor) => queryClient.ensureQueryData(getCustomerQueryOptions(key, cursor))),
    );
  },
  head: () => ({ meta: [{ title: 'Customer · Warehouse Console' }] }),
  notFoundComponent: CustomerNotFound,
  component: CustomerRoute,
});

function CustomerNotFound() {
  const { key = '' } = Route.useSearch();
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
  const { key = '', cursors } = Route.useSearch();
  const { cursorRefused } = Route.useLoaderData();
  return <CustomerPage customerKey={key} cursors={cursorRefused ? [] : (cursors ?? [])} />;
}
