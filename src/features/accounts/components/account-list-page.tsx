import { Alert, Button, Group, NativeSelect, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { Form } from '@/components/form/form';
import { FormFailureAlert } from '@/components/form/form-alert';
import { NativeSelectField, PasswordField, TextField } from '@/components/form/registered-fields';
import { useZodForm } from '@/components/form/use-zod-form';
import { LocalTime } from '@/components/local-time';
import { type Role, roleLabels, roles } from '@/contract/access';
import { type AccountList, type NewAccount, newAccountSchema } from '@/contract/access-schemas';
import { useSession } from '@/lib/session';
import { useAccounts, useChangeAccount } from '../api/accounts';
import { RoleGrantsTable } from './role-grants-table';

type Account = AccountList['accounts'][number];
const roleOptions = roles.map((role) => ({ value: role, label: roleLabels[role] }));

function AddAccountForm({ firstAccount }: { firstAccount: boolean }) {
  const change = useChangeAccount();
  const form = useZodForm(newAccountSchema, {
    defaultValues: { name: '', role: firstAccount ? 'admin' : 'support', password: '' },
  });
  async function submit(account: NewAccount) {
    await change.mutateAsync({ action: 'add', account });
    notifications.show({ color: 'green', message: `Account ${account.name} was added.` });
    form.reset({ name: '', role: account.role, password: '' });
  }
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="add-account">
      <Form form={form} onSubmit={submit} aria-label="Add an account">
        <Stack gap="sm">
          <Title order={2} size="h4" id="add-account">
            Add an account
          </Title>
          {firstAccount ? (
            <Alert color="blue" title="The first account turns sign-in on">
              Once it exists, everyone signs in, you too: make it an administrator and keep its password.
            </Alert>
          ) : null}
          <FormFailureAlert title="Could not add the account" />
          <Group align="flex-start" grow>
            <TextField name="name" label="User name" required autoComplete="off" />
            <NativeSelectField name="role" label="Role" data={roleOptions} />
            <PasswordField
              name="password"
              label="Password"
              placeholder="12 characters or more"
              required
              autoComplete="new-password"
            />
          </Group>
          <Group>
            <Button type="submit" aria-busy={change.isPending}>
              Add account
            </Button>
          </Group>
        </Stack>
      </Form>
    </Paper>
  );
}

function RoleCell({ account, isSelf }: { account: Account; isSelf: boolean }) {
  const change = useChangeAccount();
  return (
    <NativeSelect
      aria-label={`Role of ${account.name}`}
      data={roleOptions}
      value={account.role}
      disabled={isSelf}
      onChange={(event) =>
        change.mutate(
          { action: 'set-role', name: account.name, role: event.currentTarget.value as Role },
          { onError: (error) => notifications.show({ color: 'red', message: error.message }) },
        )
      }
    />
  );
}

function RemoveCell({ account, isSelf }: { account: Account; isSelf: boolean }) {
  const change = useChangeAccount();
  const [confirming, setConfirming] = useState(false);
  if (isSelf)
    return (
      <Text size="sm" c="dimmed">
        You
      </Text>
    );
  return confirming ? (
    <Group gap="xs" wrap="nowrap">
      <Button
        color="red"
        size="compact-sm"
        onClick={() =>
          change.mutate(
            { action: 'remove', name: account.name },
            { onError: (error) => notifications.show({ color: 'red', message: error.message }) },
          )
        }
      >
        Remove {account.name}
      </Button>
      <Button variant="default" size="compact-sm" onClick={() => setConfirming(false)}>
        Keep
      </Button>
    </Group>
  ) : (
    <Button variant="default" size="compact-sm" onClick={() => setConfirming(true)}>
      Remove…
    </Button>
  );
}

/** Administrators add accounts, change roles and remove accounts (as `npm run users` does on the server). */
export function AccountListPage() {
  const { accounts, grants } = useAccounts();
  const { user } = useSession();
  const isSelf = (account: Account) => account.name.toLowerCase() === user?.name.toLowerCase();
  const columns: DataTableColumn<Account>[] = [
    { key: 'name', header: 'User name', cell: (account) => account.name },
    {
      key: 'role',
      header: 'Role',
      cell: (account) => <RoleCell account={account} isSelf={isSelf(account)} />,
    },
    {
      key: 'sign-in',
      header: 'Signs in with',
      cell: (account) => (account.singleSignOnOnly ? 'Single sign-on' : 'Password'),
    },
    {
      key: 'created',
      header: 'Added',
      cell: (account) => <LocalTime value={account.createdAt} focusable={false} />,
    },
    {
      key: 'remove',
      header: <VisuallyHidden>Remove</VisuallyHidden>,
      cell: (account) => <RemoveCell account={account} isSelf={isSelf(account)} />,
    },
  ];
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Accounts</Title>
        <Text c="dimmed">
          Who may sign in, and what their role lets them do. Changes take effect at their next request.
        </Text>
      </div>
      <DataTable
        caption="Accounts"
        columns={columns}
        rows={accounts}
        rowKey={(account) => account.name}
        empty={<Text>No accounts yet: the console is open to this machine only.</Text>}
      />
      <AddAccountForm firstAccount={accounts.length === 0} />
      <RoleGrantsTable grants={grants} />
    </Stack>
  );
}
