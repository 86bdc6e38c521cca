import { type QueryClient, queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import {
  accessModes,
  type Permission,
  permissions,
  permissionWords,
  type Role,
  roleLabels,
  roles,
} from '@/contract/access';
import type { Session } from '@/contract/access-schemas';
import { ApiError } from './api-error';

export const sessionQueryKey = ['session'] as const;

const oneOf = <T extends string>(choices: readonly T[], value: unknown): value is T =>
  choices.includes(value as T);

/**
 * The session answer, checked by hand rather than with the contract's zod schema: every page's guard
 * asks for it before the page shows, and zod would add a fifth to the first page's JavaScript. A test
 * holds this reader to `sessionSchema`.
 */
export function readSessionAnswer(payload: unknown): Session {
  const data = (payload as { data?: unknown } | null)?.data as Record<string, unknown> | undefined;
  const user = data?.user as Record<string, unknown> | null | undefined;
  const userFits =
    user === null ||
    (typeof user?.name === 'string' &&
      oneOf(roles, user?.role) &&
      Array.isArray(user?.permissions) &&
      user.permissions.every((permission) => oneOf(permissions, permission)));
  if (!data || !oneOf(accessModes, data.mode) || !userFits || typeof data.singleSignOn !== 'boolean') {
    throw new ApiError(200, [
      {
        status: '200',
        code: 'unexpected_response',
        title: 'The server sent a session in an unexpected shape',
      },
    ]);
  }
  return {
    mode: data.mode,
    user: user
      ? { name: user.name as string, role: user.role as Role, permissions: user.permissions as Permission[] }
      : null,
    singleSignOn: data.singleSignOn,
  };
}

export async function getSession(signal?: AbortSignal): Promise<Session> {
  let response: Response;
  try {
    response = await fetch('/api/session', { signal, headers: { accept: 'application/json' } });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, [
      {
        status: '0',
        code: 'network_error',
        title: 'The server could not be reached',
        detail: 'Check your connection and try again.',
      },
    ]);
  }
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const errors = (payload as { errors?: ApiError['errors'] } | null)?.errors;
    throw new ApiError(
      response.status,
      Array.isArray(errors) && errors.length > 0
        ? errors
        : [
            {
              status: String(response.status),
              code: 'http_error',
              title: `The server answered ${response.status}`,
            },
          ],
    );
  }
  return readSessionAnswer(payload);
}

/** Asked again when any request answers 401 (see the query client), so an ended session is noticed. */
export function getSessionQueryOptions() {
  return queryOptions({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => getSession(signal),
    staleTime: 5 * 60_000,
  });
}

export function useSession(): Session {
  return useSuspenseQuery(getSessionQueryOptions()).data;
}

/** Whether the person signed in may do `permission`: screens hide what they may not. */
export function useCan(permission: Permission): boolean {
  const { user } = useSession();
  return user?.permissions.includes(permission) ?? false;
}

/** For a route's `beforeLoad`: a page for a change the person may not make shows why instead of a form. */
export async function requirePermission(queryClient: QueryClient, permission: Permission): Promise<void> {
  const { user } = await queryClient.ensureQueryData(getSessionQueryOptions());
  if (user?.permissions.includes(permission)) return;
  const role = user ? roleLabels[user.role] : 'signed out';
  throw new ApiError(403, [
    {
      status: '403',
      code: 'forbidden',
      title: 'Not allowed for your role',
      detail: `Your role (${role}) may not ${permissionWords[permission]}. Ask an administrator if you need to.`,
    },
  ]);
}
