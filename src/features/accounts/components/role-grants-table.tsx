import { Stack, Text, Title } from '@mantine/core';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { type Permission, permissions, permissionWords, roleLabels, roles } from '@/contract/access';
import type { AccountList } from '@/contract/access-schemas';

const sentence = (words: string) => `${words.charAt(0).toUpperCase()}${words.slice(1)}`;

/** What each role may do, as the server's grant table says: everyone signed in reads everything. */
export function RoleGrantsTable({ grants }: { grants: AccountList['grants'] }) {
  const columns: DataTableColumn<Permission>[] = [
    { key: 'permission', header: 'Change', cell: (permission) => sentence(permissionWords[permission]) },
    ...roles.map(
      (role): DataTableColumn<Permission> => ({
        key: role,
        header: roleLabels[role],
        cell: (permission) =>
          grants[permission]?.includes(role) ? (
            'Yes'
          ) : (
            <Text span c="dimmed" inherit>
              No
            </Text>
          ),
      }),
    ),
  ];
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        What each role may do
      </Title>
      <Text c="dimmed" size="sm">
        Everyone signed in reads everything. The console&apos;s administrator changes this table with the
        ROLE_GRANTS setting.
      </Text>
      <DataTable
        caption="What each role may do"
        columns={columns}
        rows={permissions}
        rowKey={(permission) => permission}
        empty={null}
      />
    </Stack>
  );
}
