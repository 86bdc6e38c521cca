import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { Receive } from '../../../contract/receive';
import { ApiError } from '../../../lib/api-error';
import { getReceivesByReference } from './get-receives-by-reference';
import { LIST_MAX_RECEIVES, listReceives } from './list-receives';
import { receiveKeys } from './receive-keys';

/**
 * A receive's page is addressed by its primary reference, which the interface can look up exactly (it has
 * no read by id). An id still opens the page: it is searched among the receives the listing returns.
 */
export async function getReceive(referenceOrId: string, signal?: AbortSignal): Promise<Receive> {
  const [byReference] = await getReceivesByReference(referenceOrId, signal);
  if (byReference) return byReference;
  const { receives } = await listReceives({}, signal);
  const byId = receives.find((receive) => receive.id === referenceOrId);
  if (byId) return byId;
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
