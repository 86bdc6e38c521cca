import type { HttpBindings } from '@hono/node-server';
import type { Permission, Role } from '../contract/access';

/**
 * Who is asking: a signed-in account, or `local` on an open console; with the permissions the grant
 * table gives the role.
 */
export type Person = { name: string; role: Role; permissions: readonly Permission[] };

/**
 * What the server's routes share: the Node request, a note for the log line, who is asking, and the
 * request's id (in its log entry and its answer's X-Request-Id).
 */
export type ServerEnv = {
  Bindings: Partial<HttpBindings>;
  Variables: { logNote: string | undefined; person: Person; requestId: string };
};
