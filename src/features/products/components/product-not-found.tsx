import { Group, Stack, Text, Title } from '@mantine/core';
import { ButtonLink } from '../../../components/router-links';

export function ProductNotFound() {
  return (
    <Stack gap="md" align="flex-start">
      <title>Product not found · Warehouse Console</title>
      <Title order={1}>Product not found</Title>
      <Text>The warehouse service knows no product with this id. It may belong to another organization.</Text>
      <Group>
        <ButtonLink to="/products">Go to products</ButtonLink>
      </Group>
    </Stack>
  );
}
