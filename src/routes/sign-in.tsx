import { createFileRoute, redirect, type SearchSchemaInput, useRouter } from '@tanstack/react-router';
import { readLocalPath, singleSignOnErrors } from '@/contract/access';
import { SignInPage } from '@/features/sign-in/components/sign-in-page';
import { readChoice } from '@/lib/search-params';
import { getSessionQueryOptions } from '@/lib/session';

export const Route = createFileRoute('/sign-in')({
  // `error` is one of the server's codes, never text to show: a crafted link picks at most one of the page's
  // own sentences.
  validateSearch: (search: { redirect?: string; error?: string } & SearchSchemaInput) => ({
    redirect: readLocalPath(search.redirect),
    error: readChoice(search.error, singleSignOnErrors),
  }),
  beforeLoad: async ({ context: { queryClient }, search }) => {
    const session = await queryClient.ensureQueryData(getSessionQueryOptions());
    if (session.user !== null) throw redirect({ href: search.redirect });
  },
  head: () => ({ meta: [{ title: 'Sign in · Warehouse Console' }] }),
  component: SignInRoute,
});

function SignInRoute() {
  const { redirect: target, error } = Route.useSearch();
  const router = useRouter();
  return (
    <SignInPage
      redirect={target}
      singleSignOnError={error}
      onSignedIn={() => router.history.replace(target)}
    />
  );
}
