import { Badge, Stack, Text, Title } from '@mantine/core';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { EmptyState } from '@/components/empty-state';
import { LocalTime } from '@/components/local-time';
import { Pager } from '@/components/pager';
import { roleLabels } from '@/contract/access';
import type { AuditLogEntry } from '@/contract/audit-log';
import { cursorPager } from '@/lib/cursor-pages';
import { readPositiveInteger } from '@/lib/search-params';
import { useAuditLog } from '../api/list-audit-log';

function Outcome({ status }: { status: number }) {
  if (status < 400)
    return (
      <Badge color="teal" variant="light">
        Done
      </Badge>
    );
  if (status === 401 || status === 403)
    return (
      <Badge color="orange" variant="light">
        Not allowed
      </Badge>
    );
  return (
    <Badge color="red" variant="light">
      Failed ({status})
    </Badge>
  );
}

const columns: DataTableColumn<AuditLogEntry>[] = [
  { key: 'at', header: 'When', cell: (entry) => <LocalTime value={entry.at} focusable={false} /> },
  {
    key: 'person',
    header: 'Who',
    cell: (entry) => (
      <Text size="sm">
        {entry.person}{' '}
        <Text span c="dimmed" size="sm">
          ({entry.role ? roleLabels[entry.role] : 'not signed in'})
        </Text>
      </Text>
    ),
  },
  { key: 'action', header: 'What', cell: (entry) => entry.action },
  { key: 'target', header: 'Record', cell: (entry) => entry.target || '—' },
  { key: 'outcome', header: 'Outcome', cell: (entry) => <Outcome status={entry.status} /> },
];

/** Who changed what through the console, newest first, 50 a page. */
export function AuditLogListPage({ cursors }: { cursors: string[] }) {
  const { entries, nextBefore } = useAuditLog(readPositiveInteger(cursors.at(-1)));
  const pager = cursorPager(cursors, nextBefore === null ? null : String(nextBefore));
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Audit log</Title>
        <Text c="dimmed">Every change made through the console, who made it, and sign-ins.</Text>
      </div>
      <DataTable
        caption={pager.page > 1 ? `Older changes, page ${pager.page}` : 'Latest changes'}
        columns={columns}
        rows={entries}
        rowKey={(entry) => String(entry.id)}
        empty={
          <EmptyState
            title="Nothing in the audit log yet"
            description="Changes made through the console will show here."
          />
        }
        footer={<Pager {...pager} />}
      />
    </Stack>
  );
}
