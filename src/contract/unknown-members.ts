import type { z } from 'zod';

type Members = Record<string, unknown>;

function isMembers(value: unknown): value is Members {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The object or array schema under optional, nullable, default and readonly wrappers. */
function unwrapped(schema: z.ZodType): z.ZodType {
  let inner = schema;
  for (;;) {
    const def = inner.def as { type: string; innerType?: z.ZodType };
    if (def.innerType === undefined) return inner;
    inner = def.innerType;
  }
}

/** Members by which a line or attribute is known: a line of a read and of a body match only if they agree. */
const identityMembers = ['productCode', 'externalLineReference', 'key'] as const;

function sameItem(body: unknown, held: unknown): boolean {
  if (!isMembers(body) || !isMembers(held)) return false;
  return identityMembers.every((name) => body[name] === undefined || body[name] === held[name]);
}

function carried(body: unknown, held: unknown, schema: z.ZodType): unknown {
  const inner = unwrapped(schema);
  const def = inner.def as { type: string; shape?: Record<string, z.ZodType>; element?: z.ZodType };
  if (def.type === 'array' && def.element && Array.isArray(body) && Array.isArray(held)) {
    const element = def.element;
    return body.map((item, index) =>
      sameItem(item, held[index]) ? carried(item, held[index], element) : item,
    );
  }
  if (def.type !== 'object' || !def.shape || !isMembers(body) || !isMembers(held)) return body;
  const shape = def.shape;
  const out: Members = { ...body };
  for (const [name, value] of Object.entries(held)) {
    if (Object.hasOwn(shape, name)) {
      if (Object.hasOwn(body, name)) out[name] = carried(body[name], value, shape[name] as z.ZodType);
    } else if (!Object.hasOwn(body, name)) {
      out[name] = value;
    }
  }
  return out;
}

/**
 * `body` (an update built from a read) with the members of `held` (that read) that `readSchema` does not
 * name, at every level where the body has the same object: what the operator added to a document travels
 * back in a correction instead of being dropped. Lines and attributes are matched by position, and only
 * where their product code, external reference and key agree.
 */
export function withUnknownMembers<T>(body: T, held: unknown, readSchema: z.ZodType): T {
  return carried(body, held, readSchema) as T;
}
