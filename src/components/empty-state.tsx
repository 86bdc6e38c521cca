import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type EmptyStateProps = {
  title: string;
  description?: ReactNode;
  /** What the reader can do next, e.g. a button to create the first record. */
  action?: ReactNode;
  headingLevel?: 2 | 3;
};

export function EmptyState({ title, description, action, headingLevel = 2 }: EmptyStateProps) {
  return (
    <Paper withBorder p="xl" radius="md">
      <Stack gap="xs" align="center" ta="center">
        <Title order={headingLevel} size="h4">
          {title}
        </Title>
        {description ? <Text c="dimmed">{description}</Text> : null}
        {action}
      </Stack>
    </Paper>
  );
}
