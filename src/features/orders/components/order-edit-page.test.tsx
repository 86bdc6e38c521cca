// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { IndexSource } from '@/contract/index-records';
import { type Order, orderSchema } from '@/contract/order';
import { consoleConfigQueryKey } from '@/lib/console-config-query-key';
import type { FreshRecord } from '@/lib/get-indexed-record';
import { sandboxConsoleConfig } from '@/testing/console-config';
import { renderInApp } from '@/testing/render-in-app';
import { refusal, stubFetch } from '@/testing/stub-fetch';
import { orderKeys } from '../api/order-keys';
import { OrderEditPage } from './order-edit-page';

const order = (shipmentStatus: string) => ({
  id: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
  primaryReference: 'SO-9',
  status: 'PRS',
  warehouseCode: 'LAW',
  shipToAddress: { address: { addressLine1: '12 Harbor Road', country: 'US' } },
  orderLines: [{ lineNumber: '1', productCode: 'TENT-2P', quantity: 2, quantityUnit: 'UNT' }],
  shipments: [{ id: 'shp-1', status: shipmentStatus }],
});

const indexed = (document: ReturnType<typeof order>, source: IndexSource) => ({
  kind: 'order',
  reference: 'SO-9',
  source,
  asOf: '2026-11-25T12:00:00.000Z',
  updated: null,
  document,
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('OrderEditPage', () => {
  it('when the warehouse refuses the correction (409), says which shipment moved on and keeps the entries', async () => {
    // Between opening the form and saving, the warehouse started picking: the PATCH is refused and a
    // fresh read of the order shows the shipment in PIC.
    const fetch = stubFetch(({ url, method }) => {
      if (url.includes('/actions/get-id/')) return { id: 'p1', pickMode: 'ASP' };
      if (method === 'PATCH')
        return refusal(409, [{ code: 'conflict', title: 'The order can no longer be changed' }]);
      if (url === '/api/index/records/order/SO-9?refresh=true') return indexed(order('PIC'), 'lookup');
      return { products: [], nextCursor: null };
    });

    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData(consoleConfigQueryKey, sandboxConsoleConfig);
    queryClient.setQueryData(orderKeys.byReference('SO-9'), [
      { record: orderSchema.parse(order('ENT')), freshness: indexed(order('ENT'), 'webhook') },
    ]);
    const router = renderInApp(() => <OrderEditPage reference="SO-9" />, queryClient);

    const addressLine1 = (await screen.findByRole('textbox', { name: 'Address line 1' })) as HTMLInputElement;
    fireEvent.change(addressLine1, { target: { value: '14 Harbor Road' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save correction' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The order was not changed');
    expect(alert.textContent).toContain(
      'The warehouse has started picking this order (shipment 1 is Picking, PIC), so it can no longer be changed.',
    );
    expect(addressLine1.value).toBe('14 Harbor Road');
    // The warehouse's fresh answer (shipment in PIC) reaches the cache; the form, its entries and the
    // reason stay.
    await waitFor(() => {
      const [cached] = queryClient.getQueryData<FreshRecord<Order>[]>(orderKeys.byReference('SO-9')) ?? [];
      expect(cached?.record.shipments[0]?.status).toBe('PIC');
      expect(cached?.freshness.source).toBe('lookup');
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(addressLine1.isConnected).toBe(true);
    expect(screen.getByRole('alert').textContent).toContain('shipment 1 is Picking, PIC');
    expect(router.state.location.pathname).toBe('/');
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(true);
  });
});
