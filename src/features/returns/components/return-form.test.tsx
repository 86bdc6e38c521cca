// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { shippedShortRaw } from '../../../testing/order-fixtures';
import { renderInApp } from '../../../testing/render-in-app';
import { refusal, stubFetch } from '../../../testing/stub-fetch';
import { ReturnForm } from './return-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The index knows one order, SO-1001 (2 TENT-2P and 3 LAMP-01 shipped); a create answers with the body. */
function stubIndex() {
  return stubFetch(({ path, method }) => {
    // The index finds a reference in any letter case.
    if (path.toUpperCase() === '/API/INDEX/RECORDS/ORDER/SO-1001')
      return {
        kind: 'order',
        reference: 'SO-1001',
        source: 'webhook',
        asOf: '2026-11-25T12:00:00.000Z',
        updated: null,
        document: shippedShortRaw,
      };
    if (path.startsWith('/api/index/records/order/'))
      return refusal(404, [{ code: 'not_found', title: 'No such order' }]);
    if (path === '/api/warehouse/v1/receives' && method === 'POST')
      return { id: 'r1', status: 'PRS', primaryReference: 'RMA-1', receiveLines: [], shipments: [] };
    throw new Error(`Unexpected request ${method} ${path}`);
  });
}

const createBodies = (fetch: ReturnType<typeof stubIndex>) =>
  fetch.mock.calls
    .filter(([url, init]) => url === '/api/warehouse/v1/receives' && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)));

const textbox = (name: string | RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const create = () => fireEvent.click(screen.getByRole('button', { name: 'Create return' }));

async function renderForm(onCreated = () => {}) {
  renderInApp(() => <ReturnForm warehouses={['LAW']} onCreated={onCreated} onCancel={() => {}} />);
  await screen.findByRole('button', { name: 'Create return' });
  fireEvent.change(textbox(/^RMA reference/), { target: { value: 'RMA-1' } });
}

async function findOrder(reference: string) {
  fireEvent.change(textbox(/^Original order reference/), { target: { value: reference } });
  fireEvent.click(screen.getByRole('button', { name: 'Find order' }));
}

describe('ReturnForm', () => {
  it('refuses an order no one has on its field, keeps what was typed and sends nothing', async () => {
    const fetch = stubIndex();
    await renderForm();
    fireEvent.change(textbox(/^Original order reference/), { target: { value: 'SO-NOPE' } });
    create();
    expect(await screen.findByText('No order has the reference “SO-NOPE”')).toBeTruthy();
    expect(textbox(/^Original order reference/).getAttribute('aria-invalid')).toBe('true');
    expect(textbox(/^RMA reference/).value).toBe('RMA-1');
    expect(createBodies(fetch)).toEqual([]);
  });

  it("offers the order's shipped lines, and asks a reason of each line that comes back", async () => {
    const fetch = stubIndex();
    await renderForm();
    await findOrder('SO-1001');
    expect(await screen.findByText('2 UNT shipped')).toBeTruthy();
    expect(screen.getByText('3 UNT shipped')).toBeTruthy();
    fireEvent.change(textbox('TENT-2P quantity back'), { target: { value: '1' } });
    create();
    expect(await screen.findByText('Give a reason')).toBeTruthy();
    expect(createBodies(fetch)).toEqual([]);
  });

  it('refuses more back than was shipped', async () => {
    const fetch = stubIndex();
    await renderForm();
    await findOrder('SO-1001');
    fireEvent.change(await screen.findByRole('textbox', { name: 'LAMP-01 quantity back' }), {
      target: { value: '4' },
    });
    fireEvent.change(screen.getByRole('combobox', { name: 'LAMP-01 reason' }), {
      target: { value: 'Damaged' },
    });
    create();
    expect(await screen.findByText('At most 3: that many were shipped')).toBeTruthy();
    expect(createBodies(fetch)).toEqual([]);
  });

  it('creates a return of the customer the order shipped to, with the order and each reason', async () => {
    const fetch = stubIndex();
    const onCreated = vi.fn();
    await renderForm(onCreated);
    await findOrder('SO-1001');
    fireEvent.change(await screen.findByRole('textbox', { name: 'LAMP-01 quantity back' }), {
      target: { value: '2' },
    });
    fireEvent.change(screen.getByRole('combobox', { name: 'LAMP-01 reason' }), {
      target: { value: 'Arrived scratched' },
    });
    create();
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(createBodies(fetch)).toEqual([
      expect.objectContaining({
        warehouseCode: 'LAW',
        primaryReference: 'RMA-1',
        subtype: 'RET',
        shipFromAddress: expect.objectContaining({
          contact: expect.objectContaining({ personName: 'Dana Reyes' }),
        }),
        receiveLines: [
          { externalLineReference: 'R1', productCode: 'LAMP-01', quantity: 2, quantityUnit: 'UNT' },
        ],
        additionalReferences: [
          { key: 'originalOrder', value: 'SO-1001' },
          { key: 'returnReason:R1', value: 'Arrived scratched' },
        ],
      }),
    ]);
  });

  it('takes an order typed in other letter case as the order has it, keeping the lines typed', async () => {
    const fetch = stubIndex();
    const onCreated = vi.fn();
    await renderForm(onCreated);
    await findOrder('so-1001');
    fireEvent.change(await screen.findByRole('textbox', { name: 'LAMP-01 quantity back' }), {
      target: { value: '1' },
    });
    fireEvent.change(screen.getByRole('combobox', { name: 'LAMP-01 reason' }), {
      target: { value: 'Damaged' },
    });
    await waitFor(() => expect(textbox(/^Original order reference/).value).toBe('SO-1001'));
    create();
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(createBodies(fetch)).toEqual([
      expect.objectContaining({
        receiveLines: [
          { externalLineReference: 'R1', productCode: 'LAMP-01', quantity: 1, quantityUnit: 'UNT' },
        ],
        additionalReferences: [
          { key: 'originalOrder', value: 'SO-1001' },
          { key: 'returnReason:R1', value: 'Damaged' },
        ],
      }),
    ]);
  });
});
