// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MilestoneList } from '@/components/milestone-list';
import { OrderStateBadge, ReceiveStateBadge } from '@/components/state-badge';
import { StatusBadge } from '@/components/status-badge';
import { type Order, orderSchema } from '@/contract/order';
import {
  customerShipmentWords,
  orderShipmentStates,
  orderStateWords,
  receiveStateWords,
} from '@/domain/record-states';
import { customerStatusText } from '@/features/orders/model/customer-status';
import { shipmentStanding } from '@/features/orders/model/shipment-standing';
import { matchDetails } from '@/lib/match-description';
import { whatChanged } from '@/lib/record-change-words';
import { twoShipmentsRaw } from '@/testing/order-fixtures';
import { recordChange } from '@/testing/record-change-fixtures';
import { renderInApp } from '@/testing/render-in-app';
import { searchMatch } from '@/testing/search-match-fixtures';
import { changeWords } from './live-updates';

// One vocabulary of states (src/domain/record-states.ts): every place that words a state is asked for each
// state here, and must say the vocabulary's word. A place that words one its own way fails this test.

afterEach(cleanup);

const orderStates = Object.entries(orderStateWords);
const receiveStates = Object.entries(receiveStateWords);

describe('every place says a state in the vocabulary’s words', () => {
  it('the badges of lists, headers and queues', async () => {
    renderInApp(() => (
      <>
        {orderStates.map(([state]) => (
          <div key={state} data-testid={`order-${state}`}>
            <OrderStateBadge state={state} />
          </div>
        ))}
        {receiveStates.map(([state]) => (
          <div key={state} data-testid={`receive-${state}`}>
            <ReceiveStateBadge state={state} />
          </div>
        ))}
      </>
    ));
    await screen.findByTestId('order-entered');
    for (const [state, words] of orderStates)
      expect(screen.getByTestId(`order-${state}`).textContent).toBe(words.label);
    for (const [state, words] of receiveStates)
      expect(screen.getByTestId(`receive-${state}`).textContent).toBe(words.label);
  });

  it('the live notice, the activity and the search rows', () => {
    const open = (kind: 'order' | 'receive') => ({ kind, reference: 'X-1' });
    const cases = [
      ...orderStates.map(([state, words]) => ({ kind: 'order' as const, state, label: words.label })),
      ...receiveStates.map(([state, words]) => ({ kind: 'receive' as const, state, label: words.label })),
    ];
    for (const { kind, state, label } of cases) {
      const change = { kind, reference: 'X-1', state, stateBefore: 'some-other-state' };
      expect(
        changeWords(
          {
            ...change,
            seq: 1,
            status: 'PRS',
            statusBefore: 'PRS',
            source: 'webhook',
            updated: '2026-12-01T00:00:00Z',
            changed: ['status'],
          },
          open(kind),
        ),
        `live notice of ${kind} ${state}`,
      ).toBe(`${kind === 'order' ? 'Order' : 'Receive'} X-1 is now ${label}`);
      expect(whatChanged(recordChange(change))[0], `activity of ${kind} ${state}`).toBe(label);
      expect(matchDetails(searchMatch({ kind, state }))[0], `search row of ${kind} ${state}`).toBe(label);
    }
  });

  it('a shipment’s badge, its milestones and its glance say the state its status stands for', async () => {
    renderInApp(() => (
      <>
        {Object.keys(orderShipmentStates).map((status) => (
          <div key={status} data-testid={`shipment-${status}`}>
            <StatusBadge status={status} of="order-shipment" />
          </div>
        ))}
        <MilestoneList
          of="order-shipment"
          status="CAN"
          label="Milestones"
          milestones={['WHE', 'WHI', 'HEL', 'FIN', 'CAN'].map((code, index) => ({
            code,
            sequence: String(index + 1),
          }))}
        />
      </>
    ));
    const milestoneTitles = within(await screen.findByRole('list', { name: 'Milestones' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    const milestoneOf = { ENT: 'WHE', PIC: 'WHI', HEL: 'HEL', FIN: 'FIN', CAN: 'CAN' } as const;
    for (const [status, state] of Object.entries(orderShipmentStates)) {
      const label = orderStateWords[state].label;
      expect(screen.getByTestId(`shipment-${status}`).textContent).toBe(`${label} (${status})`);
      const milestone = milestoneOf[status as keyof typeof milestoneOf];
      expect(milestoneTitles.some((title) => title?.startsWith(`${label} (${milestone})`))).toBe(true);
      const shipment = { ...twoShipmentsRaw.shipments[1], status } as Order['shipments'][number];
      expect(shipmentStanding(shipment).state).toBe(state);
    }
  });

  it('the text for the customer, in the customer’s words for each state', () => {
    // Beside a shipped shipment, so that a canceled one is a canceled part rather than a canceled order.
    const [shipped, open] = twoShipmentsRaw.shipments as Record<string, unknown>[];
    for (const [status, state] of Object.entries(orderShipmentStates)) {
      const order = orderSchema.parse({ ...twoShipmentsRaw, shipments: [shipped, { ...open, status }] });
      const text = customerStatusText(order, { nextStep: { step: 'contact', contact: null } });
      const words = customerShipmentWords[state as keyof typeof customerShipmentWords];
      expect(text, `customer text of ${status}`).toContain(`- ${words}`);
    }
  });
});
