import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import type { ConsoleRoute } from '../contract/console-route';
import type { QueryParameter } from '../contract/query-parameters';
import { errorEnvelope } from './error-envelope';
import type { ServerEnv } from './server-env';

/** Problems listed in one answer, as the sandbox lists them; a query has no more parameters than this. */
const maxProblems = 20;
const maxNameLength = 200;

type Parameters = Readonly<Record<string, QueryParameter>>;

type Value<Q extends QueryParameter> = Q['schema'] extends z.ZodType ? z.output<Q['schema']> : string;

/** A declared query as the route reads it: each parameter's value, by its schema, when it was sent. */
export type DeclaredQuery<P extends Parameters | undefined> = P extends Parameters
  ? { [Name in keyof P as P[Name] extends { required: true } ? Name : never]: Value<P[Name]> } & {
      [Name in keyof P as P[Name] extends { required: true } ? never : Name]?: P[Name] extends {
        repeated: true;
      }
        ? Value<P[Name]>[]
        : Value<P[Name]>;
    }
  : Record<string, never>;

const pointerOf = (name: string) => `/${name.replaceAll('~', '~0').replaceAll('/', '~1')}`;

/**
 * Reads the query of `c` by `parameters`: a name not declared, a name sent twice (unless declared
 * `repeated`) and a value its schema refuses are each a problem; every problem gets an error item pointing at
 * its parameter, in one 400 answer.
 */
export function readDeclaredQuery<P extends Parameters | undefined>(
  c: Context<ServerEnv>,
  parameters: P,
): { query: DeclaredQuery<P> } | { refusal: Response } {
  const declared: Parameters = parameters ?? {};
  const sent = new URL(c.req.url).searchParams;
  const problems: { name: string; detail: string }[] = [];
  const query: Record<string, unknown> = {};
  for (const name of new Set(sent.keys())) {
    const parameter = declared[name];
    const values = sent.getAll(name);
    if (!parameter) {
      const known = Object.keys(declared);
      problems.push({
        name: name.slice(0, maxNameLength),
        detail: known.length === 0 ? 'This takes no parameters.' : `This takes only ${known.join(', ')}.`,
      });
    } else if (values.length > 1 && !parameter.repeated) {
      problems.push({ name, detail: `Send ${name} once.` });
    } else {
      const read = values.map((value) => (parameter.schema ? parameter.schema.safeParse(value) : null));
      if (read.some((result) => result?.success === false)) {
        problems.push({ name, detail: `${name}: ${parameter.description}.` });
      } else {
        const data = read.map((result, index) => (result ? result.data : values[index]));
        query[name] = parameter.repeated ? data : data[0];
      }
    }
    if (problems.length >= maxProblems) break;
  }
  for (const [name, parameter] of Object.entries(declared)) {
    if (parameter.required && !sent.has(name))
      problems.push({ name, detail: `${name}: ${parameter.description}.` });
  }
  if (problems.length === 0) return { query: query as DeclaredQuery<P> };
  const [first, ...rest] = problems.map(({ name, detail }) =>
    errorEnvelope(400, 'validation_failed', 'A parameter is not usable', detail, pointerOf(name), name),
  );
  const body = { ...first, errors: [first, ...rest].flatMap((envelope) => envelope?.errors ?? []) };
  return { refusal: Response.json(body, { status: 400, headers: { 'cache-control': 'no-store' } }) };
}

/** The success envelope with `data`, never cached: every answer of the console's API is of this moment. */
export function answerData(c: Context<ServerEnv>, data: unknown, status: 200 | 201 = 200): Response {
  return c.json({ data, id: crypto.randomUUID().replaceAll('-', ''), resource: [], errors: [] }, status, {
    'cache-control': 'no-store',
  });
}

/**
 * Installs `route` under /api with its declared query read first: `handle` gets the values, or the caller
 * a 400 naming each parameter at fault. `before` runs ahead of the reading (limits on waiting requests).
 */
export function installRoute<R extends ConsoleRoute>(
  app: Hono<ServerEnv>,
  route: R,
  handle: (c: Context<ServerEnv>, query: DeclaredQuery<R['query']>) => Response | Promise<Response>,
  ...before: MiddlewareHandler<ServerEnv>[]
): void {
  const reply: MiddlewareHandler<ServerEnv> = async (c) => {
    const read = readDeclaredQuery<R['query']>(c, route.query);
    return 'refusal' in read ? read.refusal : handle(c, read.query);
  };
  app.on([route.method], [`/api${route.path}`], ...before, reply);
}
