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
        mediaType:
          | 'text/csv'
          | 'text/event-stream'
          | 'application/json'
          | 'application/pdf'
          | typeof workbookType;
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

/** The media type of an Excel workbook (.xlsx). */
export const workbookType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** An Excel workbook download, described. */
export const workbook = (description: string) => ({ mediaType: workbookType, description }) as const;

/** Is `name` a time zone this runtime knows (`Europe/Berlin`, `UTC`)? */
function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The reader's time zone, which an export writes its times in (the pages send theirs). */
export const timeZoneParameter = {
  description: "The reader's IANA time zone (Europe/Berlin), which times are written in; UTC when left out",
  schema: z
    .string()
    .max(64)
    .refine(isTimeZone, {
      error: (issue) => `“${String(issue.input)}” is not a time zone such as Europe/Berlin`,
    }),
} as const satisfies QueryParameter;
