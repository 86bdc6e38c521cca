import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ServerEnv } from '../server-env';
import { errorResponse } from './error-envelope';

/** The interface allows 1 MiB bodies; larger ones would be refused upstream anyway. */
const interfaceBodyBytes = 1024 * 1024;

/**
 * Refuses a request body over `maxBodyBytes` (by default the interface's 1 MiB) with 413, whether its
 * length is declared or it is streamed.
 */
export function createBodyLimit(maxBodyBytes = interfaceBodyBytes): MiddlewareHandler<ServerEnv> {
  const said = `Send at most ${maxBodyBytes / 1024 / 1024} MiB of JSON.`;
  const tooLarge = () =>
    errorResponse(413, 'payload_too_large', 'The request body is too large', said, {
      // The rest of the body is never read, so the connection cannot carry another request: say so.
      headers: { connection: 'close' },
    });
  const limitStreamedBody = bodyLimit({ maxSize: maxBodyBytes, onError: tooLarge });
  // Hono's bodyLimit reads `c.req.raw.body`, which builds a web Request and its stream for every request
  // (about a tenth of a webhook delivery's cost); a declared length needs neither, only a streamed body does.
  return (c, next) => {
    const headers = c.env?.incoming?.headers;
    const declared = headers?.['content-length'];
    if (declared === undefined || headers?.['transfer-encoding'] !== undefined)
      return limitStreamedBody(c, next);
    return Number(declared) > maxBodyBytes ? Promise.resolve(tooLarge()) : next();
  };
}
