import type { HttpBindings } from '@hono/node-server';
import type { Role } from '../contract/access';

/** Who is asking: a signed-in account, or `local` on an open console. */
export type Person = { name: string; role: Role };

/**
 * What the server's routes share: the Node request, a note for the log line, who is asking, and the
 * request's id (in its log entry and its answer's X-Request-Id).
 */
export type ServerEnv = {
  Bindings: Partial<HttpBindings>;
  Variables: { logNote: string | undefined; person: Person; requestId: string };
};
