// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RecordChange } from '@/contract/record-activity';
import { recordChange } from '@/testing/record-change-fixtures';
import { renderInApp } from '@/testing/render-in-app';
import { refusal, stubFetch } from '@/testing/stub-fetch';
import { RecordActivity } from './record-activity';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const change = (seq: number, overrides: Partial<RecordChange>) =>
  recordChange({ seq, at: minutesAgo(2), changed: ['shipments'], ...overrides });

describe('RecordActivity', () => {
  it('lists the changes newest first in words, and shows older ones on request', async () => {
    const asked: (string | null)[] = [];
    stubFetch(({ path, query }) => {
      expect(path).toBe('/api/index/records/order/SO%2F7/activity');
      asked.push(query.get('before'));
      return query.get('before') === null
        ? {
            entries: [
              change(9, {
                status: 'FIN',
                state: 'shipped',
                stateBefore: 'held',
                details: { trackingAdded: ['1Z999'], shipmentsAdded: 0, holdReason: null },
              }),
              change(8, {
                source: 'console',
                person: 'Ana',
                at: minutesAgo(60 * 3),
                state: 'held',
                details: { trackingAdded: [], shipmentsAdded: 0, holdReason: 'Address needs checking' },
              }),
            ],
            nextBefore: 8,
          }
        : {
            entries: [change(3, { source: 'sync', changed: ['created'], stateBefore: null })],
            nextBefore: null,
          };
    });
    renderInApp(() => <RecordActivity kind="order" reference="SO/7" />);
    const list = await screen.findByRole('list', { name: 'Changes, newest first' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Shipped · tracking 1Z999 added' + 'from webhook (the warehouse) · 2 minutes ago',
      'On hold: Address needs checking' + 'by Ana (console) · 3 hours ago',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Show older' }));
    expect(await within(list).findByText('First seen')).toBeTruthy();
    expect(asked).toEqual([null, '8']);
    expect(screen.queryByRole('button', { name: 'Show older' })).toBeNull();
  });

  it('says so when nothing is recorded, when the index lacks the record, and when the read fails', async () => {
    stubFetch(() => ({ entries: [], nextBefore: null }));
    renderInApp(() => <RecordActivity kind="product" reference="TEE-S" />);
    expect(await screen.findByText('No changes recorded.')).toBeTruthy();
    cleanup();

    stubFetch(() => refusal(404, [{ code: 'not_found', title: 'No such return' }]));
    renderInApp(() => <RecordActivity kind="return" reference="RMA-1" />);
    expect(await screen.findByText('No changes recorded.')).toBeTruthy();
    cleanup();

    let failing = true;
    stubFetch(() =>
      failing
        ? refusal(502, [{ code: 'upstream_unreachable', title: 'Down', detail: 'The index is busy.' }])
        : { entries: [change(1, {})], nextBefore: null },
    );
    renderInApp(() => <RecordActivity kind="receive" reference="PO-1" />);
    expect(await screen.findByText('Could not load the activity')).toBeTruthy();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Changes, newest first' })).toBeTruthy();
  });
});
