import type { Hono } from 'hono';
import { z } from 'zod';
import { consoleRoutes } from '../../contract/console-api';
import type { ConsoleRoute } from '../../contract/console-route';
import { envelopeSchema, errorEnvelopeSchema } from '../../contract/envelope';
import { type JsonSchema, jsonSchema, openApiPath, pathParameters } from '../../http/openapi-schemas';
import type { ServerEnv } from '../server-env';
import { installRoute } from './console-route';

const errorStatuses: Record<number, string> = {
  400: 'validation_failed: one error item per problem, each pointing at its parameter or member',
  401: 'sign_in_required',
  403: 'forbidden: the role does not hold the permission',
  404: 'not_found',
  429: 'rate_limited',
};

function accessWords(access: ConsoleRoute['access']): string {
  if (access === 'anyone') return 'Anyone may call it, signed in or not.';
  if (access === 'signed-in') return 'Anyone signed in.';
  if (access === 'webhook-token') return 'The operator, with the webhook token (x-webhook-token or ?token=).';
  return `Who holds the permission ${access} (ROLE_GRANTS).`;
}

function operationOf(name: string, route: ConsoleRoute, schemas: Record<string, JsonSchema>) {
  const answer = route.answer;
  const success =
    answer instanceof z.ZodType
      ? {
          200: {
            description: 'Success: the envelope with the result in data',
            content: {
              'application/json': { schema: jsonSchema(envelopeSchema(answer), 'output', schemas) },
            },
          },
        }
      : 'redirect' in answer
        ? { 302: { description: answer.redirect } }
        : {
            200: {
              description: answer.description,
              content: { [answer.mediaType]: { schema: { type: 'string' } } },
            },
          };
  const statuses = [
    ...(route.params || route.query || route.body ? [400] : []),
    ...(route.access === 'anyone' ? [] : [401]),
    ...(route.access === 'anyone' || route.access === 'signed-in' || route.access === 'webhook-token'
      ? []
      : [403]),
    ...(route.path.includes(':') ? [404] : []),
  ];
  return {
    operationId: name,
    tags: [route.path.split('/')[1]],
    summary: route.summary,
    description: accessWords(route.access),
    security:
      route.access === 'anyone'
        ? []
        : [{ [route.access === 'webhook-token' ? 'webhookToken' : 'session']: [] }],
    parameters: [
      ...pathParameters(route.path).map((parameter) => {
        const declared = route.params?.[parameter];
        return {
          name: parameter,
          in: 'path',
          required: true,
          ...(declared && { description: declared.description }),
          schema: declared ? jsonSchema(declared.schema, 'input', schemas) : { type: 'string' },
        };
      }),
      ...Object.entries(route.query ?? {}).map(([parameter, declared]) => ({
        name: parameter,
        in: 'query',
        required: declared.required === true,
        description: declared.description,
        ...(declared.repeated && { explode: true }),
        schema: declared.schema ? jsonSchema(declared.schema, 'input', schemas) : { type: 'string' },
      })),
    ],
    ...(route.body && {
      requestBody: {
        required: true,
        content: { 'application/json': { schema: jsonSchema(route.body, 'input', schemas) } },
      },
    }),
    responses: {
      ...success,
      ...Object.fromEntries(
        statuses.map((status) => [
          status,
          { $ref: '#/components/responses/Error', description: errorStatuses[status] },
        ]),
      ),
    },
  };
}

/** The OpenAPI 3.1 document of the console's own API, from its declarations (console-api.ts). */
export function consoleOpenApiDocument() {
  const schemas: Record<string, JsonSchema> = {};
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, route] of Object.entries(consoleRoutes) as [string, ConsoleRoute][]) {
    const path = openApiPath(`/api${route.path}`);
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operationOf(name, route, schemas) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: "Warehouse Console's own API",
      version: '1',
      description:
        "What the dashboard calls besides the operator's interface (forwarded under /api/warehouse/v1, described by the sandbox at /warehouse/api-docs). Every JSON answer is the envelope { data, id, resource, errors }; every answer is no-store.",
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      schemas,
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: 'console_session',
          description: 'Set by POST /api/session (named __Host-console_session over HTTPS)',
        },
        webhookToken: { type: 'apiKey', in: 'header', name: 'x-webhook-token', description: 'WEBHOOK_TOKEN' },
      },
      responses: {
        Error: {
          description: 'The envelope with data {} and one error item per problem',
          content: { 'application/json': { schema: jsonSchema(errorEnvelopeSchema, 'output', schemas) } },
        },
      },
    },
  };
}

/** `GET /api/openapi.json`: the description, worked out on the first request (not at every start). */
export function installConsoleApiDescription(app: Hono<ServerEnv>): void {
  let document: string | undefined;
  installRoute(app, consoleRoutes.getOpenApi, (c) => {
    document ??= JSON.stringify(consoleOpenApiDocument());
    return c.body(document, 200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  });
}
