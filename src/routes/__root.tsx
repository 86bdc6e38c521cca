import { createRootRouteWithContext } from '@tanstack/react-router';
import { AppLayout } from '../app/app-shell';
import { NotFoundPage } from '../app/not-found-page';
import type { RouterContext } from '../app/router';

export const Route = createRootRouteWithContext<RouterContext>()({
  // Every page names itself; this is what a page without its own title shows.
  head: () => ({ meta: [{ title: 'Warehouse Console' }] }),
  component: AppLayout,
  notFoundComponent: NotFoundPage,
});
