import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/')({ component: Home });

function Home() {
  return (
    <main>
      <h1>Warehouse Console</h1>
      <p>Orders, receives, returns and products of your warehouse.</p>
    </main>
  );
}
