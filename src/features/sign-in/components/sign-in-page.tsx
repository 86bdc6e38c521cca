import { Alert, Button, Code, Divider, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { showSubmitFailure } from '@/components/form/field-errors';
import { Form } from '@/components/form/form';
import { FormFailureAlert } from '@/components/form/form-alert';
import { PasswordField, TextField } from '@/components/form/registered-fields';
import { useZodForm } from '@/components/form/use-zod-form';
import type { SingleSignOnError } from '@/contract/access';
import { type SignIn, signInSchema } from '@/contract/access-schemas';
import { isApiError } from '@/lib/api-error';
import { useSession } from '@/lib/session';
import { useSignIn } from '../api/sign-in';

const singleSignOnErrorWords: Record<SingleSignOnError, string> = {
  sso_unavailable:
    'The sign-on service could not be reached. Try again in a moment; if it persists, tell an administrator.',
  sso_denied: 'The sign-on service did not sign you in (it was canceled or refused there). Try again.',
  sso_expired: 'That sign-in took too long or was started in another browser. Try again.',
  sso_failed:
    'The sign-on service’s answer could not be verified. Try again; if it persists, tell an administrator.',
  sso_no_name:
    'Your sign-on account has no user name or email address the console can use. Ask an administrator.',
  sso_no_role:
    'You are known to the sign-on service, but no role in this console is assigned to you. Ask an administrator to give you one.',
};

/**
 * The sign-in form, below a single sign-on button when the server offers it; on a console that has no
 * way to sign in yet, what to do about it instead.
 */
export function SignInPage({
  redirect,
  singleSignOnError,
  onSignedIn,
}: {
  /** Where to go once signed in: a local path. */
  redirect: string;
  /** Why the last single sign-on came back without a session. */
  singleSignOnError?: SingleSignOnError;
  onSignedIn: () => void;
}) {
  const session = useSession();
  const form = useZodForm(signInSchema, { defaultValues: { name: '', password: '' } });
  const signIn = useSignIn({ onSuccess: onSignedIn });

  if (session.mode === 'locked') {
    return (
      <Paper withBorder p="xl" maw={560} mx="auto" mt="xl">
        <Stack gap="md">
          <Title order={1}>Sign-in is not set up</Title>
          <Text>
            This console is reachable from other machines and has no accounts yet, so it shows no warehouse
            data. Whoever runs the server adds the first account with:
          </Text>
          <Code block>npm run users -- add NAME --role admin</Code>
          <Text size="sm" c="dimmed">
            Then reload this page and sign in.
          </Text>
        </Stack>
      </Paper>
    );
  }

  async function submit(values: SignIn) {
    try {
      await signIn.mutateAsync(values);
    } catch (error) {
      // A wrong name or password is the same answer, placed on the password (the name is kept).
      showSubmitFailure(form, error);
      if (isApiError(error) && error.status === 401) form.resetField('password', { keepError: true });
    }
  }

  return (
    <Paper withBorder p="xl" maw={420} mx="auto" mt="xl">
      <Stack gap="md">
        <Title order={1}>Sign in</Title>
        {singleSignOnError ? (
          <Alert color="red" title="Single sign-on did not work" role="alert">
            {singleSignOnErrorWords[singleSignOnError]}
          </Alert>
        ) : null}
        {session.singleSignOn ? (
          <>
            {/* A plain link: the server answers with a redirect to the sign-on service. */}
            <Button component="a" href={`/api/session/oidc/start?${new URLSearchParams({ redirect })}`}>
              Sign in with single sign-on
            </Button>
            <Divider label="or with a password" labelPosition="center" />
          </>
        ) : null}
        <Form form={form} onSubmit={submit} aria-label="Sign in">
          <Stack gap="md">
            <FormFailureAlert title="Could not sign in" />
            <TextField name="name" label="User name" autoComplete="username" autoFocus required />
            <PasswordField name="password" label="Password" autoComplete="current-password" required />
            <Button
              type="submit"
              aria-busy={signIn.isPending}
              rightSection={
                signIn.isPending ? <Loader size={14} color="var(--button-color)" aria-hidden /> : null
              }
            >
              Sign in
            </Button>
          </Stack>
        </Form>
      </Stack>
    </Paper>
  );
}
