// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Receive } from '../../../contract/receive';
import { shippedShortRaw } from '../../../testing/order-fixtures';
import { buildReturn } from '../../../testing/receive-fixtures';
import { renderInApp } from '../../../testing/render-in-app';
import { refusal, type StubAnswer, stubFetch } from '../../../testing/stub-fetch';
import { ReturnForm } from './return-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/**
 * The index knows one order, SO-1001 (2 TENT-2P and 3 LAMP-01 shipped), and these returns of it; a create
 * answers with the body, or as `created` says.
 */
function stubIndex(
  otherReturns: Receive[] = [],
  created: () => StubAnswer = () => ({
    id: 'r1',
    status: 'PRS',
    primaryReference: 'RMA-1',
    receiveLines: [],
    shipments: [],
  }),
) {
  return stubFetch(({ path, method }) => {
    if (path === '/api/index/orders/SO-1001/returns')
      return {
        returns: otherReturns.map((document) => ({
          kind: 'return',
          reference: document.primaryReference,
          source: 'webhook',
          asOf: '2026-11-25T12:00:00.000Z',
          updated: null,
          document,
        })),
      };
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
    if (path === '/api/warehouse/v1/receives' && method === 'POST') return created();
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

/** How many lamps come back and why, once the order's lines show. */
async function fillLamps(quantity: string, reason: string) {
  fireEvent.change(await screen.findByRole('textbox', { name: 'LAMP-01 quantity back' }), {
    target: { value: quantity },
  });
  fireEvent.change(screen.getByRole('combobox', { name: 'LAMP-01 reason' }), { target: { value: reason } });
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
    await fillLamps('4', 'Damaged');
    create();
    expect(await screen.findByText('SO-1001 shipped 3 × LAMP-01; at most 3')).toBeTruthy();
    expect(createBodies(fetch)).toEqual([]);
  });

  it('refuses more back than was shipped less what other returns announce, with the numbers, on the field', async () => {
    const fetch = stubIndex([
      buildReturn({ reference: 'RMA-7', originalOrder: 'SO-1001', announced: { 'LAMP-01': 1 } }),
      buildReturn({ reference: 'RMA-8', originalOrder: 'SO-1001', announced: { 'LAMP-01': 1 } }),
    ]);
    await renderForm();
    await findOrder('SO-1001');
    expect(await screen.findByText('2 UNT already coming back with RMA-7, RMA-8')).toBeTruthy();
    await fillLamps('2', 'Damaged');
    create();
    const message =
      'SO-1001 shipped 3 × LAMP-01; returns RMA-7 and RMA-8 already announce 2 back; at most 1 more';
    expect(await screen.findByText(message)).toBeTruthy();
    const quantity = textbox('LAMP-01 quantity back');
    expect(quantity.getAttribute('aria-invalid')).toBe('true');
    expect(quantity.value).toBe('2');
    expect(textbox(/^RMA reference/).value).toBe('RMA-1');
    expect(createBodies(fetch)).toEqual([]);
  });

  it('counts a return made after the order was found, and refuses what no longer fits', async () => {
    const otherReturns: Receive[] = [];
    const fetch = stubIndex(otherReturns);
    await renderForm();
    await findOrder('SO-1001');
    await fillLamps('1', 'Damaged');
    otherReturns.push(
      buildReturn({ reference: 'RMA-9', originalOrder: 'SO-1001', announced: { 'LAMP-01': 3 } }),
    );
    create();
    expect(
      await screen.findByText(
        'SO-1001 shipped 3 × LAMP-01; return RMA-9 already announces 3 back; at most 0 more',
      ),
    ).toBeTruthy();
    expect(screen.getByText(/Another return of SO-1001 was made meanwhile/)).toBeTruthy();
    expect(screen.getByText('3 UNT already coming back with RMA-9')).toBeTruthy();
    create();
    await waitFor(() => expect(textbox('LAMP-01 quantity back').getAttribute('aria-invalid')).toBe('true'));
    expect(createBodies(fetch)).toEqual([]);
  });

  it('shows the console’s own refusal of a line on its field, as its own check would', async () => {
    const limit = 'SO-1001 shipped 3 × LAMP-01; return RMA-8 already announces 3 back; at most 0 more';
    // A return made elsewhere between the form's last read and the create: the server counts it.
    stubIndex([], () =>
      refusal(400, [
        {
          code: 'validation_failed',
          title: 'More than the order shipped',
          detail: limit,
          source: { pointer: '/receiveLines/0/quantity' },
        },
      ]),
    );
    await renderForm();
    await findOrder('SO-1001');
    await fillLamps('1', 'Damaged');
    create();
    expect(await screen.findByText(limit)).toBeTruthy();
    expect(textbox('LAMP-01 quantity back').getAttribute('aria-invalid')).toBe('true');
  });

  it('asks before announcing units another return already announces, and creates the return once confirmed', async () => {
    const fetch = stubIndex([
      buildReturn({ reference: 'RMA-7', originalOrder: 'SO-1001', announced: { 'LAMP-01': 1 } }),
    ]);
    const onCreated = vi.fn();
    await renderForm(onCreated);
    await findOrder('SO-1001');
    await fillLamps('1', 'Damaged');
    create();
    const warning = await screen.findByRole('alert', { name: 'Are these units coming back a second time?' });
    expect(warning.textContent).toContain('RMA-7 already announces 1 of the 3 × LAMP-01 shipped.');
    expect(createBodies(fetch)).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Create the return anyway' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(createBodies(fetch)).toHaveLength(1);
  });

  it('creates a return of the customer the order shipped to, with the order and each reason', async () => {
    const fetch = stubIndex();
    const onCreated = vi.fn();
    await renderForm(onCreated);
    await findOrder('SO-1001');
    await fillLamps('2', 'Arrived scratched');
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
    await fillLamps('1', 'Damaged');
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
