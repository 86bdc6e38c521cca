import { z } from 'zod';
import type { Permission } from './access';
import type { QueryParameter } from './query-parameters';
import { readInstant } from './read-instant';

/** A parameter of the path (`:name`), read by its schema before the route runs. */
export type PathParameter = { description: string; schema: z.ZodType };

/**
 * One route of the console's own API under /api, declared once: the server installs exactly these (a test
 * holds it to that), the browser calls them through callOperation, and /api/openapi.json describes them.
 */
export type ConsoleRoute = {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Under /api, parameters as `:name`. */
  path: string;
  summary: string;
  /**
   * Who may call it: anyone (before sign-in), anyone signed in, who holds the permission, or the operator
   * with the webhook token.
   */
  access: 'anyone' | 'signed-in' | Permission | 'webhook-token';
  /** Every `:name` of the path. */
  params?: Readonly<Record<string, PathParameter>>;
  query?: Readonly<Record<string, QueryParameter>>;
  body?: z.ZodType;
  /** The envelope's data on success; or what else the route answers with; or where it sends the browser. */
  answer:
    | z.ZodType
    | {
        mediaType: 'text/csv' | 'text/event-stream' | 'application/json' | 'application/pdf';
        description: string;
      }
    | { redirect: string };
};

/** Digits only: `1e3`, ` 5` and an empty value are refused, not read as numbers. */
export const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,16}$/)
    .transform(Number)
    .pipe(z.number().min(min).max(max));
/** Any text of at most `maxLength` characters. */
export const text = (maxLength: number) => z.string().max(maxLength);
/** A yes or no, as a query string says it. */
export const flag = z.enum(['true', 'false']).transform((sent) => sent === 'true');
/** A calendar day that exists, YYYY-MM-DD. */
export const day = z.iso.date();
/** A required instant, read by the route (ISO 8601, a day or a time with its offset). */
export const instant = (description: string) =>
  ({ description, schema: text(40), required: true }) as const satisfies QueryParameter;
/**
 * A bound of a range as milliseconds: a day (its first millisecond for `from`, its last for `to`) or an
 * ISO 8601 instant.
 */
export const bound = (end: 'from' | 'to') =>
  z.string().transform((sent, context) => {
    const ms = readInstant(sent, end);
    if (ms !== null) return ms;
    context.addIssue({
      code: 'custom',
      message:
        'not a date that exists in ISO 8601: send a day (2026-11-23) or an instant (2026-11-23T14:00:00Z)',
    });
    return z.NEVER;
  });
/** A CSV download, described. */
export const csv = (description: string) => ({ mediaType: 'text/csv', description }) as const;
