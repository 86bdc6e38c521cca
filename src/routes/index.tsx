import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { PageSkeleton } from '@/components/page-skeleton';

// Loaded after the shell: the queues' code and its contract (zod) stay out of the first page's budget.
const WorkQueuesPage = lazy(() =>
  import('@/features/work-queues/components/work-queues-page').then((module) => ({
    default: module.WorkQueuesPage,
  })),
);

export const Route = createFileRoute('/')({
  head: () => ({ meta: [{ title: 'Start · Warehouse Console' }] }),
  component: Home,
});

function Home() {
  return (
    <Suspense fallback={<PageSkeleton />}>
      <WorkQueuesPage />
    </Suspense>
  );
}
