import { Alert, Stack, Text } from '@mantine/core';

/** Asks before units another return already announces are announced again, each set of them in words. */
export function RepeatedUnitsAlert({ repeated }: { repeated: string[] }) {
  return (
    <Alert color="yellow" variant="light" role="alert" title="Are these units coming back a second time?">
      <Stack gap="xs">
        {repeated.map((words) => (
          <Text size="sm" key={words}>
            {words}.
          </Text>
        ))}
        <Text size="sm">Create the return anyway only if these are other units.</Text>
      </Stack>
    </Alert>
  );
}
