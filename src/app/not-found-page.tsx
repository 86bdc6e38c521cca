import { Stack, Text, Title } from '@mantine/core';
import { ButtonLink } from '../components/router-links';

export function NotFoundPage() {
  return (
    <Stack gap="md" align="flex-start">
      <title>Page not found · Warehouse Console</title>
      <Title order={1}>Page not found</Title>
      <Text>Nothing lives at this address. It may have been mistyped, or the record may not exist.</Text>
      <ButtonLink to="/">Go to the start page</ButtonLink>
    </Stack>
  );
}
