import type { HttpBindings } from '@hono/node-server';
import type { AccessMode, Permission, Role } from '../contract/access';

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
  Variables: {
    logNote: string | undefined;
    /** Set by the route's guard (route-access.ts) once it knows who is asking and that they may. */
    person: Person;
    /** How the console admits people and who is asking: read once a route's guard needs it. */
    whoIsAsking: () => Promise<{ mode: AccessMode; person: Person | null }>;
    requestId: string;
    /** What a route's audit entry names, when its path does not (an account added, by the name sent). */
    auditTarget: string | undefined;
  };
};
