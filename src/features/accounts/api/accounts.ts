import { queryOptions, useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import type { Role } from '@/contract/access';
import {
  type AccountList,
  addAccountRoute,
  changeAccountRoute,
  listAccountsRoute,
  type NewAccount,
  removeAccountRoute,
} from '@/contract/access-schemas';
import type { ApiError } from '@/lib/api-error';
import { callOperation } from '@/lib/call-operation';
import type { WriteHookOptions } from '@/lib/write-hook';

export const accountKeys = { all: ['accounts'] as const };

export function listAccounts(signal?: AbortSignal): Promise<AccountList> {
  return callOperation(listAccountsRoute, { signal });
}

export function listAccountsQueryOptions() {
  return queryOptions({ queryKey: accountKeys.all, queryFn: ({ signal }) => listAccounts(signal) });
}

/** The accounts, and the grant table that says what their roles may do. */
export function useAccounts() {
  return useSuspenseQuery(listAccountsQueryOptions()).data;
}

type AccountChange =
  | { action: 'add'; account: NewAccount }
  | { action: 'set-role'; name: string; role: Role }
  | { action: 'remove'; name: string };

function changeAccount(change: AccountChange) {
  if (change.action === 'add') return callOperation(addAccountRoute, { body: change.account });
  const params = { name: change.name };
  return change.action === 'remove'
    ? callOperation(removeAccountRoute, { params })
    : callOperation(changeAccountRoute, { params, body: { role: change.role } });
}

/** Any change to an account; the list is read again afterwards, whatever the caller does. */
export function useChangeAccount({ onSuccess }: WriteHookOptions<unknown, AccountChange> = {}) {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiError, AccountChange>({
    mutationFn: changeAccount,
    onSuccess: (answer, change) => onSuccess?.(answer, change),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }),
  });
}
