import { describe, expect, it } from 'vitest';
import { recordChange } from '@/testing/record-change-fixtures';
import { changeSource, whatChanged } from './record-change-words';

const change = recordChange;

describe('whatChanged', () => {
  it('says the new state first, with the hold reason, then the tracking added', () => {
    expect(
      whatChanged(
        change({
          stateBefore: 'entered',
          state: 'held',
          changed: ['shipments'],
          details: { trackingAdded: [], shipmentsAdded: 0, holdReason: 'Address needs checking' },
        }),
      ),
    ).toEqual(['On hold: Address needs checking']);
    expect(
      whatChanged(
        change({
          stateBefore: 'picking',
          state: 'shipped',
          status: 'FIN',
          changed: ['status', 'shipments'],
          details: { trackingAdded: ['1Z999'], shipmentsAdded: 0, holdReason: null },
        }),
      ),
    ).toEqual(['Shipped', 'tracking 1Z999 added']);
  });

  it('names changed members in words, counts those past four, and says a first version', () => {
    expect(
      whatChanged(
        change({ changed: ['shipToAddress', 'orderLines', 'note', 'priority', 'warehouseCode', 'tags'] }),
      ),
    ).toEqual(['address changed', 'lines changed', 'note changed', 'priority changed', '2 more changes']);
    expect(whatChanged(change({ changed: ['created'], stateBefore: null, source: 'sync' }))).toEqual([
      'First seen',
      'Entered',
    ]);
    expect(
      whatChanged(change({ kind: 'receive', changed: ['created'], state: 'awaiting', source: 'console' })),
    ).toEqual(['Created', 'Awaiting']);
    expect(whatChanged(change({ kind: 'product', state: 'ANE', changed: ['unitPrice'] }))).toEqual([
      'price changed',
    ]);
    expect(whatChanged(change({ statusBefore: 'PRS', status: 'FIN', changed: ['status'] }))).toEqual([
      'warehouse status PRS → FIN',
    ]);
  });
});

describe('changeSource', () => {
  it('names the person of a console change, and the warehouse for a webhook', () => {
    expect(changeSource({ source: 'console', person: 'Ana' })).toBe('by Ana (console)');
    expect(changeSource({ source: 'console', person: null })).toBe('from the console');
    expect(changeSource({ source: 'webhook', person: null })).toBe('from webhook (the warehouse)');
    expect(changeSource({ source: 'sync', person: null })).toBe('from sync');
  });
});
