import {
  Alert,
  Button,
  Code,
  Loader,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { type SignIn, signInSchema } from '../../../contract/access-schemas';
import { isApiError } from '../../../lib/api-error';
import { applyServerErrors } from '../../../lib/form-errors';
import { useSession } from '../../../lib/session';
import { useSignIn } from '../api/sign-in';

const fieldNames = new Set(['name', 'password']);

/** The sign-in form; on a console that has no way to sign in yet, what to do about it instead. */
export function SignInPage({ onSignedIn }: { onSignedIn: () => void }) {
  const session = useSession();
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const form = useForm<SignIn>({
    resolver: zodResolver(signInSchema),
    defaultValues: { name: '', password: '' },
  });
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

  const submit = form.handleSubmit((values) => {
    setFormErrors([]);
    signIn.mutate(values, {
      onError: (error) => {
        if (!isApiError(error)) return setFormErrors(['Signing in failed; try again.']);
        // A wrong name or password is the same answer, placed on the password (the name is kept).
        const general = applyServerErrors(form.setError, error.errors, (name) => fieldNames.has(name));
        if (error.status === 401) form.resetField('password', { keepError: true });
        setFormErrors(general);
      },
    });
  });

  return (
    <Paper withBorder p="xl" maw={420} mx="auto" mt="xl">
      <form onSubmit={submit} noValidate aria-label="Sign in">
        <Stack gap="md">
          <Title order={1}>Sign in</Title>
          {formErrors.length > 0 ? (
            <Alert color="red" title="Could not sign in" role="alert">
              {formErrors.join(' ')}
            </Alert>
          ) : null}
          <TextInput
            label="User name"
            autoComplete="username"
            autoFocus
            required
            {...form.register('name')}
            error={form.formState.errors.name?.message}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            {...form.register('password')}
            error={form.formState.errors.password?.message}
          />
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
      </form>
    </Paper>
  );
}
