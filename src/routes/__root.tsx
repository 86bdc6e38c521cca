import { createRootRouteWithContext } from '@tanstack/react-router';
import { AppLayout } from '../app/app-shell';
import { NotFoundPage } from '../app/not-found-page';
import type { RouterContext } from '../app/router';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: AppLayout,
  notFoundComponent: NotFoundPage,
});
