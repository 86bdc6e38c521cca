import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import type { ConsoleRoute, PathParameter } from '../../contract/console-route';
import type { QueryParameter } from '../../contract/query-parameters';
import type { ServerEnv } from '../server-env';
import { errorEnvelope } from './error-envelope';
import { guardOf } from './route-access';

/** Problems listed in one answer, as the sandbox lists them; a query has no more parameters than this. */
const maxProblems = 20;
const maxNameLength = 200;

type Parameters = Readonly<Record<string, QueryParameter>>;
type PathParameters = Readonly<Record<string, PathParameter>>;

type Value<Q extends QueryParameter> = Q['schema'] extends z.ZodType
  ? z.output<Q['schema']>
  : Q extends { repeated: true }
    ? string[]
    : string;

/** A declared query as the route reads it: each parameter's value, by its schema, when it was sent. */
export type DeclaredQuery<P extends Parameters | undefined> = P extends Parameters
  ? { [Name in keyof P as P[Name] extends { required: true } ? Name : never]: Value<P[Name]> } & {
      [Name in keyof P as P[Name] extends { required: true } ? never : Name]?: Value<P[Name]>;
    }
  : Record<string, never>;

/** What a route is asked, read by its declaration: path parameters, query and body. */
export type DeclaredRequest<R extends ConsoleRoute> = {
  params: R['params'] extends PathParameters
    ? { [Name in keyof R['params']]: z.output<R['params'][Name]['schema']> }
    : Record<string, never>;
  query: DeclaredQuery<R['query']>;
  body: R['body'] extends z.ZodType ? z.output<R['body']> : undefined;
};

/** What is wrong with a request: a parameter (named), a member of the body (at its pointer), or the body. */
export type Problem = { detail: string; parameter?: string; pointer?: string };

const pointerOf = (path: readonly PropertyKey[]) =>
  path.map((step) => `/${String(step).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');

/** 400 with one error item per problem, each pointing at its parameter or member; the first leads the envelope. */
export function refusalOf(problems: readonly Problem[]): Response {
  const envelopes = problems
    .slice(0, maxProblems)
    .map(({ detail, parameter, pointer }) =>
      parameter === undefined
        ? errorEnvelope(400, 'validation_failed', 'The body is not usable', detail, pointer)
        : errorEnvelope(
            400,
            'validation_failed',
            'A parameter is not usable',
            detail,
            pointerOf([parameter]),
            parameter,
          ),
    );
  const body = { ...envelopes[0], errors: envelopes.flatMap((envelope) => envelope.errors) };
  return Response.json(body, { status: 400, headers: { 'cache-control': 'no-store' } });
}

/**
 * Reads the query `sent` by `parameters`: a name not declared, a name sent twice (unless declared
 * `repeated`, whose schema reads the list of its values), a value its schema refuses and a required one
 * left out are each a problem. A value's problem says the schema's own words for it, or else the
 * parameter's description.
 */
export function readQuery<P extends Parameters | undefined>(
  parameters: P,
  sent: URLSearchParams,
): { query: DeclaredQuery<P> } | { problems: Problem[] } {
  const declared: Parameters = parameters ?? {};
  const problems: Problem[] = [];
  const query: Record<string, unknown> = {};
  for (const name of new Set(sent.keys())) {
    const parameter = declared[name];
    const values = sent.getAll(name);
    if (!parameter) {
      const known = Object.keys(declared);
      problems.push({
        parameter: name.slice(0, maxNameLength),
        detail: known.length === 0 ? 'This takes no parameters.' : `This takes only ${known.join(', ')}.`,
      });
    } else if (values.length > 1 && !parameter.repeated) {
      problems.push({ parameter: name, detail: `Send ${name} once.` });
    } else {
      const read = readValue(name, parameter, parameter.repeated ? values : values[0]);
      if ('problem' in read) problems.push(read.problem);
      else query[name] = read.value;
    }
    if (problems.length >= maxProblems) break;
  }
  for (const [name, parameter] of Object.entries(declared)) {
    if (parameter.required && !sent.has(name))
      problems.push({ parameter: name, detail: `${name}: ${parameter.description}.` });
  }
  return problems.length === 0 ? { query: query as DeclaredQuery<P> } : { problems };
}

function readValue(
  name: string,
  { schema, description }: { schema?: z.ZodType; description: string },
  value: unknown,
): { value: unknown } | { problem: Problem } {
  if (!schema) return { value };
  // A schema's own message comes first; zod's generic ones give way to the description.
  const read = schema.safeParse(value, { error: () => description });
  if (read.success) return { value: read.data };
  const message = read.error.issues[0]?.message ?? description;
  return { problem: { parameter: name, detail: `${name}: ${message}${/[.!?]$/.test(message) ? '' : '.'}` } };
}

/** A body's problems as `schema` finds them, each at its member; or the body read by it. */
export function readBodyText(text: string, schema: z.ZodType): { body: unknown } | Problem[] {
  let sent: unknown;
  try {
    sent = JSON.parse(text);
  } catch {
    return [{ detail: 'Send the body as JSON.' }];
  }
  const read = schema.safeParse(sent);
  if (read.success) return { body: read.data };
  return read.error.issues
    .slice(0, maxProblems)
    .map((issue) => ({ detail: issue.message, pointer: pointerOf(issue.path) }));
}

const readBody = async (c: Context<ServerEnv>, schema: z.ZodType) => readBodyText(await c.req.text(), schema);

/**
 * Reads what `route` is asked by its declaration, in one step: each path parameter and query value by its
 * schema, then the body; every problem found gets an error item, all in one 400.
 */
export async function readDeclared<R extends ConsoleRoute>(
  c: Context<ServerEnv>,
  route: R,
): Promise<{ request: DeclaredRequest<R> } | { refusal: Response }> {
  const problems: Problem[] = [];
  const params: Record<string, unknown> = {};
  for (const [name, parameter] of Object.entries(route.params ?? {})) {
    const read = readValue(name, parameter, c.req.param(name));
    if ('problem' in read) problems.push(read.problem);
    else params[name] = read.value;
  }
  const query = readQuery(route.query, new URL(c.req.url).searchParams);
  if ('problems' in query) problems.push(...query.problems);
  const body = route.body ? await readBody(c, route.body) : { body: undefined };
  if (Array.isArray(body)) problems.push(...body);
  if (problems.length === 0 && 'query' in query && !Array.isArray(body))
    return { request: { params, query: query.query, body: body.body } as DeclaredRequest<R> };
  return { refusal: refusalOf(problems) };
}

/** The success envelope with `data`, never cached: every answer of the console's API is of this moment. */
export function answerData(
  c: Context<ServerEnv>,
  data: unknown,
  status: 200 | 201 = 200,
  headers: Record<string, string> = {},
): Response {
  return c.json({ data, id: crypto.randomUUID().replaceAll('-', ''), resource: [], errors: [] }, status, {
    ...headers,
    'cache-control': 'no-store',
  });
}

/** What a route needs besides its declaration. */
export type RouteOptions = {
  /** After the guard, ahead of the reading: limits on bodies, on waiting requests. */
  before?: MiddlewareHandler<ServerEnv>[];
  /** The token check of a route declared for the webhook token. */
  token?: MiddlewareHandler<ServerEnv>;
  /** `raw`: the route reads its body itself (in its turn in a line); params and query are still read. */
  body?: 'raw';
  /**
   * Hears each answer's status, refusals of access included, once someone signed in asked: for routes
   * whose every attempt goes into the audit log.
   */
  audit?: (c: Context<ServerEnv>, status: number) => Promise<void>;
};

/**
 * Installs `route` under /api guarded by its declared access (guardOf, before anything else), with what it
 * is asked read first (readDeclared): `handle` gets the values, or the caller a 400 naming each parameter
 * or member at fault.
 */
export function installRoute<R extends ConsoleRoute>(
  app: Hono<ServerEnv>,
  route: R,
  handle: (c: Context<ServerEnv>, request: DeclaredRequest<R>) => Response | Promise<Response>,
  { before = [], token, body, audit }: RouteOptions = {},
): void {
  const read = body === 'raw' ? { ...route, body: undefined } : route;
  const reply: MiddlewareHandler<ServerEnv> = async (c) => {
    const request = await readDeclared(c, read);
    return 'refusal' in request ? request.refusal : handle(c, request.request as DeclaredRequest<R>);
  };
  const audited: MiddlewareHandler<ServerEnv>[] = audit
    ? [
        async (c, next) => {
          await next();
          if (c.get('person')) await audit(c, c.res.status);
        },
      ]
    : [];
  app.on(
    [route.method],
    [`/api${route.path}`],
    ...audited,
    ...guardOf(route.access, token),
    ...before,
    reply,
  );
}
