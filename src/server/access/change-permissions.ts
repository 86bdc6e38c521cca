import type { Permission } from '../../contract/access';
import { normalizeKeys } from '../../contract/common';
import { RETURN_SUBTYPE } from '../../contract/receive';

/** The record kind a forwarded path is about: its first segment (`order` is the interface's PATCH alias). */
const permissionOfKind: Record<string, Permission> = {
  products: 'products.write',
  orders: 'orders.write',
  order: 'orders.write',
  receives: 'receives.write',
};

/**
 * The permissions that allow a change below `/warehouse/v1` or `/sandbox/v1` (any one of them). A new
 * receive with the return subtype is a return; the sandbox's warehouse moves on a receive serve returns
 * too. A path of no known kind needs an administrator: nothing new is open to every role by accident.
 */
export function permissionsForChange(
  prefix: string,
  segments: string[],
  body: ArrayBuffer,
): [Permission, ...Permission[]] {
  const kind = segments[0] ?? '';
  if (kind === 'receives' && prefix === '/sandbox/v1') return ['receives.write', 'returns.write'];
  if (kind === 'receives' && member(normalizeKeys(readJson(body)), 'subtype') === RETURN_SUBTYPE)
    return ['returns.write'];
  return [permissionOfKind[kind] ?? 'accounts.manage'];
}

const nouns: Record<string, string> = {
  products: 'product',
  orders: 'order',
  order: 'order',
  receives: 'receive',
};

function member(document: unknown, name: string): string | undefined {
  const value = (document as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value.slice(0, 200) : undefined;
}

function readJson(bytes: ArrayBuffer): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return undefined;
  }
}

/**
 * The audit log's words for a change: "Created order" / "SO-100003", "Warehouse: hold order" /
 * "SO-100003". The target is the reference the answer (else the request) names, else the path's id.
 */
export function describeChange(
  method: string,
  prefix: string,
  segments: string[],
  { request, answer }: { request: ArrayBuffer; answer: unknown },
): { action: string; target: string } {
  const [kind = '', id, ...rest] = segments;
  const documents = [(answer as { data?: unknown } | undefined)?.data, readJson(request)];
  const named = (name: string) => documents.map((document) => member(document, name)).find(Boolean);
  const noun = named('subtype') === 'RET' ? 'return' : (nouns[kind] ?? kind);
  const target = named('primaryReference') ?? named('productCode') ?? id ?? '';
  if (prefix === '/sandbox/v1')
    return { action: `Warehouse: ${rest.at(-1) ?? method.toLowerCase()} ${noun}`, target };
  if (method === 'POST') return { action: `Created ${noun}`, target };
  return { action: kind === 'products' ? `Updated ${noun}` : `Corrected ${noun}`, target };
}
