// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SearchMatch } from '@/contract/index-search';
import type { Receive } from '@/contract/receive';
import { shippedShortRaw } from '@/testing/order-fixtures';
import { buildReturn } from '@/testing/receive-fixtures';
import { renderInApp } from '@/testing/render-in-app';
import { searchMatch } from '@/testing/search-match-fixtures';
import { refusal, type StubAnswer, stubFetch } from '@/testing/stub-fetch';
import { budgets } from '@/testing/test-budgets';
import { ReturnForm } from './return-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Another order of the same customer, shipped from another warehouse. */
const fromNewJersey = { ...shippedShortRaw, id: 'o-2002', primaryReference: 'SO-2002', warehouseCode: 'NJE' };
/** An order canceled before anything shipped. */
const canceledOrder = {
  ...shippedShortRaw,
  id: 'o-3003',
  primaryReference: 'SO-3003',
  status: 'CAN',
  shipments: shippedShortRaw.shipments.map((shipment) => ({
    ...shipment,
    status: 'CAN',
    shipmentLines: [],
    trackingDetail: null,
  })),
};

const indexed = (kind: string, document: { primaryReference: string }) => ({
  kind,
  reference: document.primaryReference,
  source: 'webhook',
  asOf: '2026-11-25T12:00:00.000Z',
  updated: null,
  document,
});

const orderMatch = (primaryReference: string, snippet: string, matchedField: string) =>
  searchMatch({ primaryReference, id: primaryReference, snippet, matchedField, title: 'Dana Whitfield' });
const ordersMatching: Record<string, SearchMatch[]> = {
  '#po-77': [orderMatch('SO-1001', 'PO-77', 'secondaryReference')],
  dana: [
    orderMatch('SO-1001', 'Dana Whitfield', 'shipTo.personName'),
    orderMatch('SO-2002', 'Dana Whitfield', 'shipTo.personName'),
  ],
};

/**
 * The index knows the order SO-1001 (2 TENT-2P and 3 LAMP-01 shipped from LAW), SO-2002 (the same, from
 * NJE), SO-3003 (canceled), these returns of SO-1001 and the receives and returns `existing`; a create
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
  existing: Receive[] = [],
) {
  return stubFetch(({ path, query, method }) => {
    // The search finds Dana's two orders by her name, and SO-1001 alone by its web order number.
    if (path === '/api/search') {
      const matches = ordersMatching[query.get('q')?.toLowerCase() ?? ''] ?? [];
      return { matches, hasMore: false, total: matches.length, totalExact: true };
    }
    if (path === '/api/index/orders/SO-2002/returns' || path === '/api/index/orders/SO-3003/returns')
      return { returns: [] };
    if (path === '/api/index/records/order/SO-2002') return indexed('order', fromNewJersey);
    if (path === '/api/index/records/order/SO-3003') return indexed('order', canceledOrder);
    if (path.startsWith('/api/index/records/receive/')) {
      const found = existing.find((receive) => path.endsWith(`/${receive.primaryReference}`));
      return found
        ? indexed('return', found)
        : refusal(404, [{ code: 'not_found', title: 'No such receive' }]);
    }
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

async function renderForm(onCreated = () => {}, warehouses = ['LAW']) {
  renderInApp(() => <ReturnForm warehouses={warehouses} onCreated={onCreated} onCancel={() => {}} />);
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
  fireEvent.change(textbox(/^Original order/), { target: { value: reference } });
  fireEvent.click(screen.getByRole('button', { name: 'Find order' }));
}

/** A suggestion that arrives after the form: the test calls `suggestLater` once the form is on screen. */
let suggestLater: (reference: string) => void = () => {};
function LateSuggestion() {
  const [suggested, setSuggested] = useState<string>();
  suggestLater = setSuggested;
  return (
    <ReturnForm
      warehouses={['LAW']}
      suggestedReference={suggested}
      onCreated={() => {}}
      onCancel={() => {}}
    />
  );
}

describe('ReturnForm', () => {
  it('refuses an order no one has on its field, keeps what was typed and sends nothing', async () => {
    const fetch = stubIndex();
    await renderForm();
    fireEvent.change(textbox(/^Original order/), { target: { value: 'SO-NOPE' } });
    create();
    expect(
      await screen.findByText(
        'No order matches “SO-NOPE”: try its reference, web order number or the customer’s email',
      ),
    ).toBeTruthy();
    expect(textbox(/^Original order/).getAttribute('aria-invalid')).toBe('true');
    expect(textbox(/^RMA reference/).value).toBe('RMA-1');
    expect(createBodies(fetch)).toEqual([]);
  });

  it("offers the order's shipped lines, and asks a reason of each line that comes back", async () => {
    const fetch = stubIndex();
    await renderForm();
    await findOrder('SO-1001');
    expect(await screen.findByText('2 shipped')).toBeTruthy();
    expect(screen.getByText('3 shipped')).toBeTruthy();
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
    expect(await screen.findByText('2 already coming back with RMA-7, RMA-8')).toBeTruthy();
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
    expect(screen.getByText('3 already coming back with RMA-9')).toBeTruthy();
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
    await waitFor(() => expect(textbox(/^Original order/).value).toBe('SO-1001'));
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

  it('takes the warehouse of the order chosen, and of the next one chosen after it', {
    timeout: budgets.formByHand,
  }, async () => {
    stubIndex();
    await renderForm(() => {}, ['LAW', 'NJE', 'DFW']);
    const warehouse = () => screen.getByRole('combobox', { name: /^Warehouse/ }) as HTMLInputElement;
    await findOrder('SO-1001');
    await waitFor(() => expect(warehouse().value).toBe('LAW'));
    await findOrder('SO-2002');
    await waitFor(() => expect(warehouse().value).toBe('NJE'));
    expect(screen.getByText('SO-2002 shipped from NJE')).toBeTruthy();
  });

  it('keeps a warehouse chosen by hand until another order is chosen', async () => {
    stubIndex();
    await renderForm(() => {}, ['LAW', 'NJE', 'DFW']);
    const warehouse = () => screen.getByRole('combobox', { name: /^Warehouse/ }) as HTMLInputElement;
    await findOrder('SO-2002');
    await waitFor(() => expect(warehouse().value).toBe('NJE'));
    fireEvent.click(warehouse());
    fireEvent.click(await screen.findByRole('option', { name: 'DFW', hidden: true }));
    await waitFor(() => expect(warehouse().value).toBe('DFW'));
    // The same order again (leaving the field, Find, or in other letter case): the hand's choice stays.
    fireEvent.blur(textbox(/^Original order/));
    await findOrder('so-2002');
    expect(await screen.findByText('SO-2002 shipped from NJE')).toBeTruthy();
    expect(warehouse().value).toBe('DFW');
    await findOrder('SO-1001');
    await waitFor(() => expect(warehouse().value).toBe('LAW'));
  });

  it('says nothing can come back of an order canceled before anything shipped', async () => {
    stubIndex();
    await renderForm();
    await findOrder('SO-3003');
    expect(await screen.findByText('Nothing of this order shipped, so nothing can come back.')).toBeTruthy();
    expect(screen.queryByText(/\byet\b/)).toBeNull();
  });

  it('starts the RMA reference at the suggestion, or fills it in when the suggestion comes late', async () => {
    stubIndex();
    renderInApp(() => (
      <ReturnForm
        warehouses={['LAW']}
        suggestedReference="RMA-300011"
        onCreated={() => {}}
        onCancel={() => {}}
      />
    ));
    await screen.findByRole('button', { name: 'Create return' });
    expect(textbox(/^RMA reference/).value).toBe('RMA-300011');
    expect(screen.getByText(/RMA-300011 is the next free one/)).toBeTruthy();
    cleanup();

    renderInApp(() => <LateSuggestion />);
    await screen.findByRole('button', { name: 'Create return' });
    expect(textbox(/^RMA reference/).value).toBe('');
    act(() => suggestLater('RMA-300012'));
    await waitFor(() => expect(textbox(/^RMA reference/).value).toBe('RMA-300012'));
    // Once the person typed a reference, a later suggestion leaves it alone.
    fireEvent.change(textbox(/^RMA reference/), { target: { value: 'RMA-MINE' } });
    act(() => suggestLater('RMA-300013'));
    expect(textbox(/^RMA reference/).value).toBe('RMA-MINE');
  });

  it('says a taken reference in words on its field, with a link to the return that has it, and keeps the form', async () => {
    const fetch = stubIndex(
      [],
      () =>
        refusal(409, [
          {
            code: 'conflict',
            title: 'Conflict',
            detail: 'A receive with primaryReference RMA-1 already exists',
            source: { pointer: '/primaryReference' },
          },
        ]),
      [buildReturn({ reference: 'RMA-1', originalOrder: 'SO-1001', announced: { 'LAMP-01': 1 } })],
    );
    await renderForm();
    await findOrder('SO-1001');
    await fillLamps('2', 'Damaged');
    create();
    const field = textbox(/^RMA reference/);
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    const error = document.getElementById(`${field.id}-error`);
    expect(error?.textContent).toBe('A return RMA-1 already exists: open RMA-1, or use another reference.');
    expect(screen.getByRole('link', { name: 'open RMA-1' }).getAttribute('href')).toBe('/returns/RMA-1');
    expect(screen.queryByText(/primaryReference/)).toBeNull();
    expect(document.activeElement).toBe(field);
    expect(field.value).toBe('RMA-1');
    expect(textbox(/^Original order/).value).toBe('SO-1001');
    expect(textbox('LAMP-01 quantity back').value).toBe('2');
    expect(createBodies(fetch)).toHaveLength(1);
  });

  it('started from an order, finds it at once, offers its lines and puts the focus on the first quantity', async () => {
    stubIndex();
    renderInApp(() => (
      <ReturnForm warehouses={['LAW']} originalOrder="SO-1001" onCreated={() => {}} onCancel={() => {}} />
    ));
    const first = await screen.findByRole('textbox', { name: 'TENT-2P quantity back' });
    await waitFor(() => expect(document.activeElement).toBe(first));
    expect(textbox(/^Original order/).value).toBe('SO-1001');
    expect(screen.getByRole('textbox', { name: 'LAMP-01 quantity back' })).toBeTruthy();
  });

  it('finds the order by anything the search finds: a web order number, and among several by a choice', async () => {
    stubIndex();
    await renderForm();
    await findOrder('#PO-77');
    expect(await screen.findByRole('textbox', { name: 'LAMP-01 quantity back' })).toBeTruthy();
    expect(textbox(/^Original order/).value).toBe('SO-1001');

    await findOrder('Dana');
    expect(await screen.findByText('Several orders match “Dana”: choose one below')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'LAMP-01 quantity back' })).toBeNull();
    const choices = screen.getByRole('list', { name: 'Orders matching “Dana”' });
    expect(choices.textContent).toContain('SO-2002');
    fireEvent.click(screen.getByRole('button', { name: 'Return from SO-2002' }));
    await waitFor(() => expect(textbox(/^Original order/).value).toBe('SO-2002'));
    expect(await screen.findByRole('textbox', { name: 'LAMP-01 quantity back' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Orders matching “Dana”' })).toBeNull();
    expect(textbox(/^Original order/).getAttribute('aria-invalid')).not.toBe('true');
  });
});
