import { afterEach, describe, expect, it, vi } from 'vitest';
import { orderSchema } from '@/contract/order';
import { apiRequest } from '@/lib/api-client';
import { shippedShortOrder, shippedShortRaw, twoShipmentOrder, twoShipmentsRaw } from './order-fixtures';
import { stubFetch } from './stub-fetch';

afterEach(() => vi.unstubAllGlobals());

/** The envelope's own id: the sandbox sends UUIDs, the operator's examples 32-character hex. */
const envelopeIds = ['0f8fad5bd9cb469fa16570867728950e', '7c9e6679-7425-40de-944b-e07fc1f90ae7'];

describe('order fixtures', () => {
  it.each(
    envelopeIds.flatMap((envelopeId) => [
      {
        name: `SO-1001 in an envelope ${envelopeId}`,
        raw: shippedShortRaw,
        parsed: shippedShortOrder,
        envelopeId,
      },
      {
        name: `SO-2002 in an envelope ${envelopeId}`,
        raw: twoShipmentsRaw,
        parsed: twoShipmentOrder,
        envelopeId,
      },
    ]),
  )('pass the envelope parser as the interface sends them: $name', async ({ raw, parsed, envelopeId }) => {
    stubFetch(() => Response.json({ data: raw, id: envelopeId, resource: [], errors: [] }));
    const order = await apiRequest('/warehouse/v1/orders/x', orderSchema);
    expect(order).toEqual(parsed);
    // Members the contract does not know are kept as the operator sent them (SO-1001 carries one).
    expect((order as Record<string, unknown>).futureMember).toEqual(
      (raw as Record<string, unknown>).futureMember,
    );
  });
});
