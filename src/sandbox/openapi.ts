import { envelopeSchema, errorEnvelopeSchema } from '../contract/envelope';
import { type JsonSchema, jsonSchema, openApiPath, pathParameters } from '../http/openapi-schemas';
import { MAX_LISTED_PROBLEMS } from './errors';
import type { SandboxRoute } from './route-table';

const statusDescriptions: Record<number, string> = {
  400: `validation_failed: one error item per problem, each with source.pointer; past ${MAX_LISTED_PROBLEMS}, one too_many_problems item says how many more`,
  401: 'unauthorized, organization_required or unknown_organization',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large: the body is over 1 MiB',
  415: 'unsupported_media_type: the body is not sent as application/json',
  500: 'internal_error',
};

function operationId(route: SandboxRoute): string {
  const words = route.summary
    .replace(/\(.*?\)/g, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return words
    .map((word, index) => (index === 0 ? word.toLowerCase() : word[0]?.toUpperCase() + word.slice(1)))
    .join('');
}

/** The OpenAPI 3.1 document of the routes, generated from their declarations. */
export function openApiDocument(routes: readonly SandboxRoute[]) {
  const schemas: Record<string, JsonSchema> = {};
  const errorResponse = { $ref: '#/components/responses/Error' };
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const { method, path: mainPath, aliases = [], query = {}, body, bodyOptional, answer } = route.operation;
    const common = [401, ...(body ? [413, 415] : []), 500];
    const statuses = [...new Set([...route.errors, ...common])].sort();
    const responses: Record<string, unknown> = {
      200: {
        description: 'Success: the envelope with the result in data',
        content: {
          'application/json': { schema: jsonSchema(envelopeSchema(answer), 'output', schemas) },
        },
      },
    };
    for (const status of statuses) {
      responses[status] = { ...errorResponse, description: statusDescriptions[status] };
    }
    const allPaths = [mainPath, ...aliases];
    allPaths.forEach((path, index) => {
      const operation = {
        operationId: index === 0 ? operationId(route) : `${operationId(route)}Alias${index}`,
        tags: [route.tag],
        summary: route.summary,
        ...(route.description && { description: route.description }),
        parameters: [
          ...pathParameters(path).map((name) => ({
            name,
            in: 'path',
            required: true,
            schema: { type: 'string' },
          })),
          ...Object.entries(query).map(([name, parameter]) => ({
            name,
            in: 'query',
            required: false,
            description: `${parameter.description}. Names are matched without regard to case.`,
            schema: parameter.schema ? jsonSchema(parameter.schema, 'input', schemas) : { type: 'string' },
          })),
        ],
        ...(body && {
          requestBody: {
            required: !bodyOptional,
            description: 'camelCase or PascalCase member names, at any depth',
            content: { 'application/json': { schema: jsonSchema(body, 'input', schemas) } },
          },
        }),
        responses,
      };
      paths[openApiPath(path)] ??= {};
      (paths[openApiPath(path)] as Record<string, unknown>)[method.toLowerCase()] = operation;
    });
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Warehouse service interface (Warehouse Console sandbox)',
      version: 'v1',
      description:
        "The warehouse operator's interface as the embedded sandbox implements it, with the decisions of decisions.md where the interface is silent. Every response is the envelope { data, id, resource, errors }. A readable reference is served at /warehouse/api-docs/reference.",
    },
    servers: [{ url: '/' }],
    security: [{ apiKey: [] }, { apiKey: [], organizationSlug: [] }],
    tags: [...new Set(routes.map((route) => route.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas,
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key', description: 'Issued by the operator' },
        organizationSlug: {
          type: 'apiKey',
          in: 'header',
          name: 'organization-slug',
          description: 'Required with the multi-organization key; names the organization acted for',
        },
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
