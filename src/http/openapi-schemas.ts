import { z } from 'zod';
import { errorItemSchema } from '../contract/envelope';
import { orderInputSchema, orderSchema } from '../contract/order';
import {
  productCreateSchema,
  productIdLookupSchema,
  productSchema,
  productUpdateSchema,
} from '../contract/product';
import { receiveInputSchema, receiveSchema } from '../contract/receive';

/** Contract schemas that appear once under components.schemas and are referenced from the operations. */
const namedSchemas = z.registry<{ id: string }>();
for (const [schema, id] of [
  [productSchema, 'Product'],
  [productCreateSchema, 'ProductCreate'],
  [productUpdateSchema, 'ProductUpdate'],
  [productIdLookupSchema, 'ProductIdLookup'],
  [orderSchema, 'Order'],
  [orderInputSchema, 'OrderInput'],
  [receiveSchema, 'Receive'],
  [receiveInputSchema, 'ReceiveInput'],
  [errorItemSchema, 'ErrorItem'],
] as const) {
  namedSchemas.add(schema, { id });
}

/** `/warehouse/v1/products/:id` → `/warehouse/v1/products/{id}` */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

export function pathParameters(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] as string);
}

export type JsonSchema = Record<string, unknown>;

/** Converts a schema, moving the named schemas it uses into `components` and pointing to them there. */
export function jsonSchema(
  schema: z.ZodType,
  io: 'input' | 'output',
  components: Record<string, JsonSchema>,
): JsonSchema {
  // OpenAPI 3.1 schemas are JSON Schema 2020-12 already; the per-schema $schema member is noise.
  const {
    $schema: _dialect,
    $defs,
    ...rest
  } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
    metadata: namedSchemas,
  });
  const toComponents = (value: unknown): JsonSchema =>
    JSON.parse(JSON.stringify(value).replaceAll('"#/$defs/', '"#/components/schemas/'));
  for (const [id, definition] of Object.entries($defs ?? {})) components[id] ??= toComponents(definition);
  return toComponents(rest);
}
