import { Anchor, Group, Stack, Text } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import type { MouseEvent, ReactNode } from 'react';
import { type RecordList, rememberedListHref } from '@/lib/list-search-memory';
import { RecordHeading } from './record-heading';

type RecordPageHeaderProps = {
  /** The list the record belongs to, linked above the heading ("All returns"); an order page has none. */
  list?: { to: RecordList; label: string };
  title: ReactNode;
  /** The record's state, beside the heading. */
  badge?: ReactNode;
  /** The server pushed a change of the record a moment ago. */
  changed: boolean;
  className?: string;
  /** Under the heading: how fresh the page is, the record's actions. */
  children?: ReactNode;
};

/** Back to the list with the filters it had when it was left ("All receives" of short receives). */
function ListLink({ list, label }: { list: RecordList; label: string }) {
  const router = useRouter();
  const href = rememberedListHref(list);
  function open(event: MouseEvent<HTMLAnchorElement>) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    void router.navigate({ href });
  }
  return (
    <Anchor href={href} onClick={open} size="sm">
      {label}
    </Anchor>
  );
}

/** The top of an order, receive or return page: the way back to its list, its heading and its state. */
export function RecordPageHeader({
  list,
  title,
  badge,
  changed,
  className,
  children,
}: RecordPageHeaderProps) {
  return (
    <Stack gap={4} className={className}>
      {list ? <ListLink list={list.to} label={list.label} /> : null}
      <Group justify="space-between">
        <Group gap="md" align="center">
          <RecordHeading>{title}</RecordHeading>
          {badge}
        </Group>
        {changed ? (
          <Text size="sm" fw={500}>
            Updated just now
          </Text>
        ) : null}
      </Group>
      {children}
    </Stack>
  );
}
