import { queryOptions, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import type { Receive } from '@/contract/receive';
import { ApiError } from '@/lib/api-error';
import type { FreshRecord } from '@/lib/get-indexed-record';
import { receiveKeys } from '@/lib/receive-keys';
import { getReceivesByReference } from './get-receives-by-reference';
import { LIST_MAX_RECEIVES, listReceives } from './list-receives';

/**
 * A receive's page is addressed by its primary reference, read from the console's index. An id still
 * opens the page: it is searched among the receives the listing returns, then read by its reference.
 */
export async function getReceive(referenceOrId: string, signal?: AbortSignal): Promise<FreshRecord<Receive>> {
  const [byReference] = await getReceivesByReference(referenceOrId, { signal });
  if (byReference) return byReference;
  const { receives } = await listReceives({}, signal);
  const byId = receives.find((receive) => receive.id === referenceOrId);
  const [found] = byId ? await getReceivesByReference(byId.primaryReference, { signal }) : [];
  if (found) return found;
  throw new ApiError(404, [
    {
      status: '404',
      code: 'not_found',
      title: 'Receive not found',
      detail: `No receive has the reference or id "${referenceOrId}" (ids are searched among the ${LIST_MAX_RECEIVES} most recently updated).`,
    },
  ]);
}

export function getReceiveQueryOptions(referenceOrId: string) {
  return queryOptions({
    queryKey: receiveKeys.detail(referenceOrId),
    queryFn: ({ signal }) => getReceive(referenceOrId, signal),
  });
}

export function useReceive(referenceOrId: string) {
  return useSuspenseQuery(getReceiveQueryOptions(referenceOrId)).data;
}

/** Asks the warehouse for the receive now and puts its answer in place of the cached one. */
export function useRefreshReceive(referenceOrId: string, reference: string) {
  const queryClient = useQueryClient();
  return async () => {
    const [found] = await getReceivesByReference(reference, { refresh: true });
    if (!found) throw new Error(`The warehouse no longer has ${reference}.`);
    // A read already under way (a live update's) would land after this answer and put an older copy back.
    await queryClient.cancelQueries({ queryKey: receiveKeys.byReference(reference) });
    await queryClient.cancelQueries({ queryKey: receiveKeys.detail(referenceOrId) });
    queryClient.setQueryData(receiveKeys.byReference(reference), [found]);
    queryClient.setQueryData(receiveKeys.detail(referenceOrId), found);
  };
}
