import { queryOptions, useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { Role } from '@/contract/access';
import { type AccountList, accountListSchema, type NewAccount } from '@/contract/access-schemas';
import { apiRequest } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';

export const accountKeys = { all: ['accounts'] as const };

export function listAccounts(signal?: AbortSignal): Promise<AccountList> {
  return apiRequest('/accounts', accountListSchema, { signal });
}

export function listAccountsQueryOptions() {
  return queryOptions({ queryKey: accountKeys.all, queryFn: ({ signal }) => listAccounts(signal) });
}

/** The accounts, and the grant table that says what their roles may do. */
export function useAccounts() {
  return useSuspenseQuery(listAccountsQueryOptions()).data;
}

const changedSchema = z.object({ name: z.string() }).loose();

type AccountChange =
  | { action: 'add'; account: NewAccount }
  | { action: 'set-role'; name: string; role: Role }
  | { action: 'remove'; name: string };

function changeAccount(change: AccountChange) {
  if (change.action === 'add')
    return apiRequest('/accounts', changedSchema, { method: 'POST', body: change.account });
  const path = `/accounts/${encodeURIComponent(change.name)}`;
  return change.action === 'remove'
    ? apiRequest(path, changedSchema, { method: 'DELETE' })
    : apiRequest(path, changedSchema, { method: 'PATCH', body: { role: change.role } });
}

/** Any change to an account; the list is read again afterwards, whatever the caller does. */
export function useChangeAccount() {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiError, AccountChange>({
    mutationFn: changeAccount,
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }),
  });
}
