import { type QueryClient, queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { can, type Permission, roleLabels, type Session, sessionSchema } from '../contract/access';
import { apiRequest } from './api-client';
import { ApiError } from './api-error';

export const sessionQueryKey = ['session'] as const;

export function getSession(signal?: AbortSignal): Promise<Session> {
  return apiRequest('/session', sessionSchema, { signal });
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
  return user !== null && can(user.role, permission);
}

const permissionWords: Record<Permission, string> = {
  'orders.write': 'create or correct orders',
  'products.write': 'create or edit products',
  'receives.write': 'announce receives and returns',
  'exports.download': 'download exports',
  'accounts.manage': 'manage accounts',
};

/** For a route's `beforeLoad`: a page for a change the person may not make shows why instead of a form. */
export async function requirePermission(queryClient: QueryClient, permission: Permission): Promise<void> {
  const { user } = await queryClient.ensureQueryData(getSessionQueryOptions());
  if (user && can(user.role, permission)) return;
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
