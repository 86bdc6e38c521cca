import type { HttpBindings } from '@hono/node-server';
import type { Person } from './access';

/** What the server's routes share: the Node request, a note for the log line, and who is asking. */
export type ServerEnv = {
  Bindings: Partial<HttpBindings>;
  Variables: { logNote: string | undefined; person: Person };
};
