// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type QueueRow, workQueueDefinitions } from '@/contract/work-queues';
import { formatDateTime } from '@/domain/format';
import { renderInApp } from '@/testing/render-in-app';
import { WorkQueueCard } from './work-queue-card';

afterEach(cleanup);

const row = (reference: string, changes: Partial<QueueRow>): QueueRow => ({
  reference,
  kind: 'receive',
  status: 'FIN',
  state: 'short',
  title: 'Peak Naturals',
  due: '2026-11-20T00:00:00.000Z',
  holdReason: null,
  finished: null,
  ...changes,
});

describe('WorkQueueCard', () => {
  it('dates a receive finalized short by the day it was finalized, and an open one by its ETA', async () => {
    const definition = workQueueDefinitions({
      today: '2026-12-07',
      weekFrom: '2026-12-01T05:00:00.000Z',
      weekTo: '2026-12-08T04:59:59.999Z',
    }).find((queue) => queue.name === 'receivesFinishedShortOrOver');
    if (!definition) throw new Error('no such queue');
    renderInApp(() => (
      <WorkQueueCard
        queue={{
          name: 'receivesFinishedShortOrOver',
          total: 2,
          rows: [
            row('PO-1', { finished: '2026-12-04T15:00:00.000Z' }),
            row('PO-2', { status: 'PRS', state: 'partial' }),
          ],
        }}
        definition={definition}
        reading={{ claimWindowDays: 90, now: new Date('2026-12-07T12:00:00Z') }}
      />
    ));
    const finalized = (await screen.findByRole('link', { name: 'PO-1' })).closest('li') as HTMLElement;
    expect(within(finalized).getByText(/^Peak Naturals · Finalized/).textContent).toBe(
      `Peak Naturals · Finalized ${formatDateTime('2026-12-04T15:00:00.000Z')}`,
    );
    const open = screen.getByRole('link', { name: 'PO-2' }).closest('li') as HTMLElement;
    expect(within(open).getByText(/^Peak Naturals · ETA/)).toBeTruthy();
  });
});
