// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Session } from '@/contract/access-schemas';
import { sessionQueryKey } from '@/lib/session';
import { renderInApp } from '@/testing/render-in-app';
import { SignInPage } from './sign-in-page';

afterEach(cleanup);

function renderSignIn(session: Session, props: Partial<Parameters<typeof SignInPage>[0]> = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(sessionQueryKey, session);
  renderInApp(
    () => <SignInPage redirect="/orders?status=ENT" onSignedIn={() => {}} {...props} />,
    queryClient,
  );
}

describe('SignInPage', () => {
  it('offers single sign-on above the password form when the server does', async () => {
    renderSignIn({ mode: 'sign-in', user: null, singleSignOn: true });
    const link = await screen.findByRole('link', { name: 'Sign in with single sign-on' });
    expect(link.getAttribute('href')).toBe('/api/session/oidc/start?redirect=%2Forders%3Fstatus%3DENT');
    const form = screen.getByRole('form', { name: 'Sign in' });
    expect(link.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByLabelText(/Password/)).toBeTruthy();
  });

  it('shows only the password form without single sign-on', async () => {
    renderSignIn({ mode: 'sign-in', user: null, singleSignOn: false });
    await screen.findByRole('form', { name: 'Sign in' });
    expect(screen.queryByRole('link', { name: /single sign-on/ })).toBeNull();
  });

  it('says in words why the last single sign-on came back without a session', async () => {
    renderSignIn({ mode: 'sign-in', user: null, singleSignOn: true }, { singleSignOnError: 'sso_no_role' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/Single sign-on did not work/);
    expect(alert.textContent).toMatch(/no role in this console is assigned to you/);
  });
});
