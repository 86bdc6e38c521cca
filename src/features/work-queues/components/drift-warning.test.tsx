// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { renderInApp } from '@/testing/render-in-app';
import { stubFetch } from '@/testing/stub-fetch';
import { DriftWarning } from './drift-warning';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const drift = {
  checked: 300,
  differing: 4,
  repaired: 4,
  failed: 0,
  lastCheckAt: '2026-11-25T11:59:30.000Z',
  lastDriftReference: 'SO-100012',
};
const readBack = { reads: 0, repaired: 0, failed: 0, dropped: 0, waiting: 0 };

function renderWarning(lastDriftAt: string | null) {
  stubFetch(() => ({
    webhooks: {
      enabled: true,
      received: 0,
      stored: 0,
      duplicate: 0,
      stale: 0,
      rejected: 0,
      lastReceivedAt: null,
      recentRejections: [],
    },
    sync: null,
    checks: { readBack, drift: { ...drift, lastDriftAt } },
    newestChange: null,
    lagSeconds: null,
    records: {},
  }));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderInApp(() => <DriftWarning now={new Date('2026-11-25T12:00:00Z')} />, queryClient);
}

it('warns of drift found in the last hour, with what was repaired and a way to the Sync page', async () => {
  renderWarning('2026-11-25T11:40:00.000Z');
  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toContain('4 records differed since the console started');
  expect(alert.textContent).toContain('SO-100012');
  expect(screen.getByRole('link', { name: 'See Sync' }).getAttribute('href')).toBe('/sync');
});

it('says nothing of drift found longer ago, or of none', async () => {
  renderWarning('2026-11-25T10:40:00.000Z');
  await vi.waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(screen.queryByRole('alert')).toBeNull();
});
