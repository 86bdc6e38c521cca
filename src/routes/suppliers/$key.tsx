import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { NotFoundMessage } from '@/components/not-found-message';
import { getSupplierQueryOptions } from '@/features/parties/api/get-supplier';
import { SupplierPage } from '@/features/parties/components/supplier-page';
import { type CursorPageSearch, loadCursorPage, readCursors } from '@/lib/cursor-pages';
import { requireRecord } from '@/lib/require-record';

export const Route = createFileRoute('/suppliers/$key')({
  validateSearch: (search: CursorPageSearch & SearchSchemaInput) => ({
    cursors: readCursors(search.cursors),
  }),
  loaderDeps: ({ search }) => ({ cursors: search.cursors }),
  loader: ({ context: { queryClient }, params: { key }, deps: { cursors } }) =>
    requireRecord(
      loadCursorPage(cursors, (cursor) => queryClient.ensureQueryData(getSupplierQueryOptions(key, cursor))),
    ),
  head: () => ({ meta: [{ title: 'Supplier · Warehouse Console' }] }),
  notFoundComponent: SupplierNotFound,
  component: SupplierRoute,
});

function SupplierNotFound() {
  const { key } = Route.useParams();
  return (
    <NotFoundMessage
      what="Supplier"
      explanation={<>The console holds no records of “{key}”.</>}
      back={{ to: '/', label: 'the start page' }}
      searchFor={key}
    />
  );
}

function SupplierRoute() {
  const { key } = Route.useParams();
  const { cursors } = Route.useSearch();
  const { cursorRefused } = Route.useLoaderData();
  return <SupplierPage supplierKey={key} cursors={cursorRefused ? [] : (cursors ?? [])} />;
}
