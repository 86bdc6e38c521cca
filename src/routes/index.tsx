import { Card, Stack, Text, Title } from '@mantine/core';
import { createFileRoute, Link } from '@tanstack/react-router';

export const Route = createFileRoute('/')({
  head: () => ({ meta: [{ title: 'Start · Warehouse Console' }] }),
  component: Home,
});

const sections = [
  {
    to: '/orders',
    title: 'Orders',
    text: 'What the warehouse is asked to pick, pack and ship, and what left.',
  },
  { to: '/receives', title: 'Receives', text: 'Goods announced to arrive, and what was put into inventory.' },
  { to: '/returns', title: 'Returns', text: 'Goods coming back from customers.' },
  { to: '/products', title: 'Products', text: 'The SKUs the warehouse knows, with their attributes.' },
] as const;

function Home() {
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Warehouse Console</Title>
        <Text c="dimmed">Orders, receives, returns and products of your warehouse.</Text>
      </div>
      {/* A CSS grid (app.css) rather than SimpleGrid: the first page's JavaScript is at its budget. */}
      <div className="home-sections">
        {sections.map((section) => (
          <Card key={section.to} withBorder component={Link} to={section.to}>
            <Title order={2} size="h3">
              {section.title}
            </Title>
            <Text c="dimmed" mt="xs">
              {section.text}
            </Text>
          </Card>
        ))}
      </div>
    </Stack>
  );
}
