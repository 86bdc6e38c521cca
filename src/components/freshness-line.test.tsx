// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Freshness } from '@/contract/index-records';
import { ApiError } from '@/lib/api-error';
import { warehouseReachQueryKey } from '@/lib/warehouse-reach';
import { renderInApp } from '@/testing/render-in-app';
import { FreshnessLine } from './freshness-line';

afterEach(cleanup);

const fromWebhook: Freshness = { source: 'webhook', asOf: '2026-11-25T12:00:00.000Z', updated: null };
const fromLookup: Freshness = { source: 'lookup', asOf: '2026-11-25T12:05:00.000Z', updated: null };

/** A page holding its record's freshness, as the query cache does: `refresh` answers with `next`. */
function Page({ next }: { next: () => Promise<Freshness> }) {
  const [freshness, setFreshness] = useState(fromWebhook);
  return <FreshnessLine freshness={freshness} refresh={async () => setFreshness(await next())} />;
}

function renderLine(next: () => Promise<Freshness>) {
  renderInApp(() => <Page next={next} />);
}

const line = async () => screen.findByTestId('freshness');
const refreshButton = () => screen.getByRole('button', { name: 'Refresh from the warehouse' });

describe('FreshnessLine', () => {
  it('says first that the warehouse cannot be reached while it does not answer', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData(warehouseReachQueryKey, {
      answering: false,
      lastAnsweredAt: null,
      consoleStartedAt: '2026-11-25T08:00:00.000Z',
      problem: null,
    });
    renderInApp(() => <Page next={async () => fromLookup} />, queryClient);
    expect((await line()).textContent).toMatch(
      /^The warehouse cannot be reached: this is the console's copy as of .+ · from webhook /,
    );
  });

  it('says when and from where, and after a refresh the new time and source', async () => {
    renderLine(async () => fromLookup);
    expect((await line()).textContent).toMatch(
      /^As of .+ · from webhook \(the warehouse sent the change itself\)$/,
    );
    expect((await line()).querySelector('time')?.getAttribute('datetime')).toBe(fromWebhook.asOf);
    fireEvent.click(refreshButton());
    await waitFor(async () => expect((await line()).textContent).toContain('from lookup'));
    expect((await line()).querySelector('time')?.getAttribute('datetime')).toBe(fromLookup.asOf);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says a refresh failed and why, keeping what it showed, until dismissed', async () => {
    renderLine(async () => {
      throw new ApiError(502, [
        {
          status: '502',
          code: 'upstream_unreachable',
          title: 'x',
          detail: 'the warehouse service cannot be reached',
        },
      ]);
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Refresh from the warehouse' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not refresh from the warehouse');
    expect(alert.textContent).toContain('the warehouse service cannot be reached');
    expect((await line()).textContent).toContain('from webhook');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});
