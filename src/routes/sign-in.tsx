import { createFileRoute, redirect, useRouter } from '@tanstack/react-router';
import { SignInPage } from '../features/sign-in/components/sign-in-page';
import { getSessionQueryOptions } from '../lib/session';

/** Only a path of this site: `//evil.example` or an absolute URL would make sign-in an open redirect. */
function readLocalPath(value: unknown): string {
  return typeof value === 'string' &&
    value.startsWith('/') &&
    !value.startsWith('//') &&
    !value.includes('\\')
    ? value
    : '/';
}

export const Route = createFileRoute('/sign-in')({
  validateSearch: (search: Record<string, unknown>) => ({ redirect: readLocalPath(search.redirect) }),
  beforeLoad: async ({ context: { queryClient }, search }) => {
    const session = await queryClient.ensureQueryData(getSessionQueryOptions());
    if (session.user !== null) throw redirect({ href: search.redirect });
  },
  head: () => ({ meta: [{ title: 'Sign in · Warehouse Console' }] }),
  component: SignInRoute,
});

function SignInRoute() {
  const { redirect: target } = Route.useSearch();
  const router = useRouter();
  return <SignInPage onSignedIn={() => router.history.replace(target)} />;
}
