import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { maxTracedValueLength } from '@/contract/traced-value';
import { getPartTraceQueryOptions } from '@/features/trace/api/get-part-trace';
import { TracePage } from '@/features/trace/components/trace-page';
import { readText } from '@/lib/search-params';

export const Route = createFileRoute('/trace')({
  validateSearch: (search: { q?: string } & SearchSchemaInput) => {
    const q = readText(search.q)?.trim().slice(0, maxTracedValueLength);
    return { q: q || undefined };
  },
  loaderDeps: ({ search }) => ({ q: search.q }),
  // The page and its form show at once; the trace fills in below them.
  loader: ({ context: { queryClient }, deps: { q } }) => {
    if (q) void queryClient.prefetchQuery(getPartTraceQueryOptions(q));
  },
  head: ({ match }) => ({
    meta: [
      {
        title: match.search.q ? `Trace “${match.search.q}” · Warehouse Console` : 'Trace · Warehouse Console',
      },
    ],
  }),
  component: TraceRoute,
});

function TraceRoute() {
  const { q } = Route.useSearch();
  return <TracePage key={q ?? ''} value={q ?? ''} />;
}
