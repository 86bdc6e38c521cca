import { createRootRouteWithContext, redirect } from '@tanstack/react-router';
import { ConsoleShell } from '@/app/console-shell';
import { NotFoundPage } from '@/app/not-found-page';
import type { RouterContext } from '@/app/router-context';
import { getSessionQueryOptions } from '@/lib/session';

export const Route = createRootRouteWithContext<RouterContext>()({
  // Nobody signed in: every page but the sign-in page leads there, and back after signing in.
  beforeLoad: async ({ context: { queryClient }, location }) => {
    const session = await queryClient.ensureQueryData(getSessionQueryOptions());
    if (session.user === null && location.pathname !== '/sign-in') {
      throw redirect({ to: '/sign-in', search: { redirect: location.href } });
    }
  },
  // Every page names itself; this is what a page without its own title shows.
  head: () => ({ meta: [{ title: 'Warehouse Console' }] }),
  component: ConsoleShell,
  notFoundComponent: NotFoundPage,
});
