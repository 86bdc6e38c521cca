import { Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { RecordHeading } from './record-heading';
import { AnchorLink } from './router-links';

type RecordPageHeaderProps = {
  /** The list the record belongs to, linked above the heading ("All returns"); an order page has none. */
  list?: { to: '/orders' | '/receives' | '/returns'; label: string };
  title: ReactNode;
  /** The record's state, beside the heading. */
  badge?: ReactNode;
  /** The server pushed a change of the record a moment ago. */
  changed: boolean;
  className?: string;
  /** Under the heading: how fresh the page is, the record's actions. */
  children?: ReactNode;
};

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
      {list ? (
        <AnchorLink to={list.to} size="sm">
          {list.label}
        </AnchorLink>
      ) : null}
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
