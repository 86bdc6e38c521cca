import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { isApiError, problemWords } from '@/lib/api-error';

/** Says in plain words what failed, and offers to try again without leaving the page. */
export function ErrorPage({ error }: ErrorComponentProps) {
  const router = useRouter();
  const queryErrorResetBoundary = useQueryErrorResetBoundary();

  useEffect(() => {
    queryErrorResetBoundary.reset();
  }, [queryErrorResetBoundary]);

  const title = isApiError(error)
    ? error.status === 0
      ? 'The server could not be reached'
      : error.title
    : 'Something went wrong';
  const detail = isApiError(error) ? problemWords(error) : 'The page failed to show. Trying again may help.';

  // Asking again cannot change a refusal (a role without the permission, a page that is not there).
  const retryHelps = !isApiError(error) || error.status === 0 || error.status >= 500;

  return (
    <Stack gap="md" align="flex-start">
      {/* React puts this ahead of the route's title in <head>, and takes it away with the page. */}
      <title>{`${title} · Warehouse Console`}</title>
      <Title order={1}>{title}</Title>
      <Alert color="red" title="What happened" role="alert" w="100%">
        <Text>{detail}</Text>
        {isApiError(error) && error.status > 0 ? (
          <Text size="sm" mt="xs">
            Status {error.status}, code {error.code}
          </Text>
        ) : null}
      </Alert>
      {retryHelps ? (
        <Group>
          <Button onClick={() => router.invalidate()}>Try again</Button>
        </Group>
      ) : null}
    </Stack>
  );
}
