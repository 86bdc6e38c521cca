import type { z } from 'zod';
import type { QueryParameter } from '@/contract/query-parameters';
import { apiRequest, type QueryValue } from './api-client';

/**
 * What callOperation calls: an operation of the operator's interface (operations.ts) or a JSON route of the
 * console's own API (console-api.ts).
 */
export type CallableRoute = {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  params?: Readonly<Record<string, { schema: z.ZodType }>>;
  query?: Readonly<Record<string, QueryParameter>>;
  body?: z.ZodType;
  answer: z.ZodType;
};

/** `/orders/:orderId/shipments/:shipmentId/hold` → `'orderId' | 'shipmentId'` */
type ParameterNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParameterNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/** The path's parameters: as their schemas take them where the route declares them, else as text. */
type PathParameters<O extends CallableRoute> = O extends { params: infer Declared }
  ? {
      params: {
        [Name in keyof Declared]: Declared[Name] extends { schema: z.ZodType }
          ? z.input<Declared[Name]['schema']>
          : never;
      };
    }
  : [ParameterNames<O['path']>] extends [never]
    ? { params?: undefined }
    : { params: Record<ParameterNames<O['path']>, string> };

type Body<O extends CallableRoute> = O extends { body: infer Schema extends z.ZodType }
  ? { body?: z.input<Schema> }
  : { body?: undefined };

type Query<O extends CallableRoute> = O extends { query: infer Parameters }
  ? {
      query?: {
        [Name in keyof Parameters]?: Parameters[Name] extends { repeated: true }
          ? string | readonly string[]
          : Exclude<QueryValue, readonly string[]>;
      };
    }
  : { query?: undefined };

/** A route's query as text, by the names its declaration gives: what a page's filters become. */
export type QueryText<O extends { query: object }> = { [Name in keyof O['query']]?: string };

/** What a call of `O` sends: its path parameters, query and body as the contract names them. */
export type OperationRequest<O extends CallableRoute> = O extends CallableRoute
  ? PathParameters<O> & Query<O> & Body<O> & { signal?: AbortSignal }
  : never;

/** The path with each `:name` replaced by its parameter, encoded as one segment. */
function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path} needs the path parameter ${name}`);
    return encodeURIComponent(value);
  });
}

/** Calls one operation of the contract through `/api` and returns its answer, checked by the contract. */
export function callOperation<O extends CallableRoute>(
  operation: O,
  request: OperationRequest<O>,
): Promise<z.output<O['answer']>> {
  const { params, query, body, signal } = request as {
    params?: Record<string, string>;
    query?: Record<string, QueryValue>;
    body?: unknown;
    signal?: AbortSignal;
  };
  return apiRequest<O['answer']>(fillPath(operation.path, params), operation.answer, {
    method: operation.method,
    query,
    body,
    signal,
  });
}
