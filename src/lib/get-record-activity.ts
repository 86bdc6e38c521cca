import { infiniteQueryOptions } from '@tanstack/react-query';
import {
  type ActivityRecordKind,
  getRecordActivityRoute,
  type RecordActivity,
} from '@/contract/record-activity';
import { callOperation } from './call-operation';
import { queryRootOf } from './record-query-roots';

/** Entries asked for per page of a record's activity. */
const pageSize = 20;

/** One page of a record's activity from the index, newest first; `before` pages to older ones. */
export function getRecordActivity(
  kind: ActivityRecordKind,
  reference: string,
  { before, signal }: { before: number | null; signal?: AbortSignal },
): Promise<RecordActivity> {
  return callOperation(getRecordActivityRoute, {
    params: { kind, reference },
    query: { before, limit: pageSize },
    signal,
  });
}

/** Under its kind's root, so a live change to that kind refetches it with the record. */
export function recordActivityQueryOptions(kind: ActivityRecordKind, reference: string) {
  return infiniteQueryOptions({
    queryKey: [queryRootOf[kind], 'activity', kind, reference],
    queryFn: ({ pageParam, signal }) => getRecordActivity(kind, reference, { before: pageParam, signal }),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.nextBefore,
  });
}
