import type { Context, Hono } from 'hono';
import type { Operation } from '../contract/operations';
import type { SandboxEnv } from './auth';
import type { SandboxConfig } from './config';
import type { SandboxStore } from './store';

/**
 * Data already serialized as JSON (a stored document), spliced into the envelope without parsing it again.
 */
export class RawJson {
  constructor(readonly text: string) {}
}

/** A list answer `{ <member>: [...docs], nextCursor }` from stored JSON texts. */
export function rawList(member: string, docs: readonly string[], nextCursor: string | null): RawJson {
  return new RawJson(`{"${member}":[${docs.join(',')}],"nextCursor":${JSON.stringify(nextCursor)}}`);
}

export type SandboxDeps = { store: SandboxStore; config: SandboxConfig; now: () => Date };

/** Query parameters read without regard to the case of their names; the first of repeated names wins. */
export type QueryReader = { get(name: string): string | undefined };

export type RouteRequest = SandboxDeps & {
  organization: string;
  params: Record<string, string>;
  query: QueryReader;
  /** The JSON body with PascalCase members read as camelCase; undefined for GET. */
  body: unknown;
};

/**
 * One route: an operation of the contract with what only the sandbox knows about it. The OpenAPI
 * document and the reference page are generated from these entries, and `mountRoutes` serves them.
 * `handle` returns the envelope's `data` (HTTP 200) or throws an ApiProblem; a RawJson result is sent
 * as it is.
 */
export type SandboxRoute = {
  operation: Operation;
  tag: string;
  summary: string;
  description?: string;
  /** Error statuses this route can answer besides 401, 413, 415 and 500. */
  errors: number[];
  handle(request: RouteRequest): unknown;
};

export const bodyMethods: ReadonlySet<Operation['method']> = new Set(['POST', 'PATCH']);

export type RouteAdapter = (route: SandboxRoute) => (c: Context<SandboxEnv>) => Promise<Response> | Response;

export function mountRoutes(app: Hono<SandboxEnv>, routes: readonly SandboxRoute[], adapt: RouteAdapter) {
  for (const route of routes) {
    const { method, path, aliases = [] } = route.operation;
    app.on(method, [path, ...aliases], adapt(route));
  }
}
