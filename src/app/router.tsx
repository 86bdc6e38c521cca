import type { QueryClient } from '@tanstack/react-query';
import { createRouter, lazyRouteComponent } from '@tanstack/react-router';
import { PageSkeleton } from '@/components/page-skeleton';
import { routeTree } from '@/routeTree.gen';
import { NotFoundPage } from './not-found-page';

// Kept out of the first page's JavaScript (its budget is spent), and fetched as the console starts, so it is
// there before any load can fail, the network included.
const ErrorPage = lazyRouteComponent(() => import('./error-page'), 'ErrorPage');

export function createAppRouter(queryClient: QueryClient) {
  void ErrorPage.preload?.();
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    // The query cache decides freshness; the router should always ask it.
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: PageSkeleton,
    defaultErrorComponent: ErrorPage,
    defaultNotFoundComponent: NotFoundPage,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
