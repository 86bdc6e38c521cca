import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ButtonLink } from './router-links';

type NotFoundMessageProps = {
  /** What is missing, as the heading names it: "Order", "Receive", "Page". */
  what: string;
  /** Which address or reference matched nothing, and how matching works. */
  explanation: ReactNode;
  /** The list to go back to, where records can be found. */
  back: { to: '/' | '/orders' | '/receives' | '/returns' | '/products'; label: string };
  /** A reference worth looking for among every kind of record: it may name another kind. */
  searchFor?: string;
};

/**
 * Every not-found page looks and reads the same: what was not found, why, and where to go instead. It
 * never offers to try again: asking again cannot make a missing record exist.
 */
export function NotFoundMessage({ what, explanation, back, searchFor }: NotFoundMessageProps) {
  return (
    <Stack gap="md" align="flex-start">
      <title>{`${what} not found · Warehouse Console`}</title>
      <Title order={1}>{what} not found</Title>
      <Text>{explanation}</Text>
      <Group>
        <ButtonLink to={back.to}>Go to {back.label}</ButtonLink>
        {searchFor ? (
          <ButtonLink variant="default" to="/search" search={{ q: searchFor }}>
            Search everything for “{searchFor}”
          </ButtonLink>
        ) : null}
      </Group>
    </Stack>
  );
}
