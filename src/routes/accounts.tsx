import { createFileRoute } from '@tanstack/react-router';
import { listAccountsQueryOptions } from '@/features/accounts/api/accounts';
import { AccountListPage } from '@/features/accounts/components/account-list-page';
import { requirePermission } from '@/lib/session';

export const Route = createFileRoute('/accounts')({
  beforeLoad: ({ context: { queryClient } }) => requirePermission(queryClient, 'accounts.manage'),
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(listAccountsQueryOptions()),
  head: () => ({ meta: [{ title: 'Accounts · Warehouse Console' }] }),
  component: AccountListPage,
});
