import { queryOptions, useQuery } from '@tanstack/react-query';
import { sandboxOperations } from '@/contract/operations';
import type { WebhookDelivery } from '@/contract/sandbox-webhook-deliveries';
import { callOperation } from '@/lib/call-operation';
import { syncKeys } from './sync-keys';

/** How many of the sandbox's newest deliveries the Sync page shows. */
export const shownDeliveries = 50;

/** The sandbox's newest webhook deliveries (sandbox mode only: the operator shows its deliveries nowhere). */
export async function listWebhookDeliveries(signal?: AbortSignal): Promise<WebhookDelivery[]> {
  const { deliveries } = await callOperation(sandboxOperations.listWebhookDeliveries, {
    query: { limit: shownDeliveries },
    signal,
  });
  return deliveries;
}

export function listWebhookDeliveriesQueryOptions() {
  return queryOptions({
    queryKey: syncKeys.deliveries(),
    queryFn: ({ signal }) => listWebhookDeliveries(signal),
  });
}

/** Not suspending: the page shows the console's figures while the sandbox's log loads or fails. */
export function useWebhookDeliveries() {
  return useQuery(listWebhookDeliveriesQueryOptions());
}
