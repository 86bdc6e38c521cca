// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultGrants, permissionsOf } from '@/contract/access';
import type { IndexStatus } from '@/contract/index-records';
import { consoleConfigQueryKey } from '@/lib/console-config-query-key';
import { sessionQueryKey } from '@/lib/session';
import { sandboxConsoleConfig } from '@/testing/console-config';
import { renderInApp } from '@/testing/render-in-app';
import { refusal, stubFetch } from '@/testing/stub-fetch';
import { SyncPage } from './sync-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const status: IndexStatus = {
  webhooks: {
    enabled: true,
    received: 1234,
    stored: 1200,
    duplicate: 20,
    stale: 13,
    rejected: 1,
    lastReceivedAt: Date.parse('2026-11-25T11:59:00Z'),
    recentRejections: [
      {
        at: '2026-11-25T11:00:00.000Z',
        reason: 'The body is not a JSON object',
        bytes: 7,
        excerpt: 'nothing',
      },
    ],
  },
  sync: {
    mode: 'listing',
    problem: null,
    intervalSeconds: 300,
    running: false,
    lastRun: {
      startedAt: '2026-11-25T11:55:00.000Z',
      finishedAt: '2026-11-25T11:55:02.000Z',
      pages: 3,
      stored: 17,
      duplicate: 400,
      stale: 0,
      unreadable: 0,
      error: null,
    },
    nextRunAt: '2026-11-25T12:00:00.000Z',
    checkpoints: { orders: '2026-11-25T11:54:55.000Z' },
    team: null,
  },
  checks: {
    readBack: { reads: 57, repaired: 51, failed: 0, dropped: 0, waiting: 2 },
    drift: {
      checked: 300,
      differing: 4,
      repaired: 4,
      failed: 1,
      lastCheckAt: '2026-11-25T11:59:30.000Z',
      lastDriftAt: '2026-11-25T11:40:00.000Z',
      lastDriftReference: 'SO-100012',
    },
  },
  newestChange: '2026-11-25T11:58:00.000Z',
  lagSeconds: 125,
  records: { order: 800, receive: 40, return: 5 },
};

const delivery = {
  id: '9',
  kind: 'order',
  recordId: 'a'.repeat(24),
  primaryReference: 'SO-100047',
  state: 'pending',
  attempts: 2,
  lastStatus: 503,
  lastAnswer: 'webhooks_off',
  lastAttemptAt: '2026-11-25T11:58:00+00:00',
  nextAttemptAt: '2026-11-25T11:59:00+00:00',
  createdAt: '2026-11-25T11:57:00+00:00',
  faults: ['duplicate'],
};

function renderPage(deliveries: () => object, indexStatus: IndexStatus = status) {
  stubFetch(({ path }) => (path === '/api/index/status' ? indexStatus : deliveries()));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(consoleConfigQueryKey, sandboxConsoleConfig);
  renderInApp(() => <SyncPage />, queryClient);
}

const section = async (name: string) =>
  (await screen.findByRole('heading', { name })).closest('section') as HTMLElement;

describe('SyncPage', () => {
  it('shows intake figures with the rejections and their reasons, the last sync, the lag and the records', async () => {
    renderPage(() => ({ deliveries: [delivery] }));
    const intake = await section('Webhook intake');
    expect(intake.textContent).toContain('Received1,234');
    expect(intake.textContent).toContain('Duplicates20');
    expect(intake.textContent).toContain('Stale13');
    expect(within(intake).getByRole('table').textContent).toContain('The body is not a JSON object');
    expect((await section('Last sync')).textContent).toContain('ResultFinished');
    expect((await section('Last sync')).textContent).toContain('Stored17');
    const index = await section('The index');
    expect(index.textContent).toContain('Lag2 min');
    expect(index.textContent).toContain('Orders800');
    expect(index.textContent).toContain('Products0');
    const checks = await section('Checks against the warehouse');
    expect(checks.textContent).toContain('Read back57');
    expect(checks.textContent).toContain('Read back and corrected51');
    expect(checks.textContent).toContain('Differing4');
    expect(within(checks).getByRole('alert').textContent).toContain('4 of 300 records compared differed');
    expect(within(checks).getByRole('alert').textContent).toContain('SO-100012');
    const deliveries = await section("The sandbox's webhook deliveries");
    const row = within(deliveries).getByRole('row', { name: /SO-100047/ });
    expect(row.textContent).toContain('Waiting to retry');
    expect(row.textContent).toContain('503');
  });

  it("names which of a team's consoles runs the sync, or that none does right now", async () => {
    const team = (leader: { console: string; since: string } | null): IndexStatus => ({
      ...status,
      sync: { ...(status.sync as NonNullable<IndexStatus['sync']>), team: { thisConsole: 'web-2', leader } },
    });
    renderPage(() => ({ deliveries: [] }), team({ console: 'web-1', since: '2026-11-25T11:00:00.000Z' }));
    expect((await section('Last sync')).textContent).toMatch(/Runs onAnother console \(web-1\), since /);
    cleanup();
    renderPage(() => ({ deliveries: [] }), team({ console: 'web-2', since: '2026-11-25T11:00:00.000Z' }));
    expect((await section('Last sync')).textContent).toContain('Runs onThis console (web-2)');
    cleanup();
    renderPage(() => ({ deliveries: [] }), team(null));
    expect((await section('Last sync')).textContent).toContain('Runs onNo console right now');
    cleanup();
    renderPage(() => ({ deliveries: [] }));
    expect((await section('Last sync')).textContent).not.toContain('Runs on');
  });

  it('says when the sandbox has sent nothing yet, and when its log cannot be read', async () => {
    renderPage(() => ({ deliveries: [] }));
    expect(await screen.findByRole('heading', { name: 'No deliveries yet' })).toBeTruthy();
    cleanup();
    renderPage(() => refusal(500, [{ code: 'internal_error', title: 'Broken', detail: 'The log is gone.' }]));
    const alert = await within(await section("The sandbox's webhook deliveries")).findByRole('alert');
    expect(alert.textContent).toContain("The sandbox's deliveries could not be read");
    expect(alert.textContent).toContain('The log is gone.');
    expect((await section('Webhook intake')).textContent).toContain('Received1,234');
  });

  it('names the settings behind webhooks and the sync being off to administrators only', async () => {
    const off: IndexStatus = { ...status, webhooks: { ...status.webhooks, enabled: false }, sync: null };
    for (const [role, named] of [
      ['admin', true],
      ['support', false],
    ] as const) {
      stubFetch(({ path }) => (path === '/api/index/status' ? off : { deliveries: [] }));
      const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      queryClient.setQueryData(consoleConfigQueryKey, sandboxConsoleConfig);
      queryClient.setQueryData(sessionQueryKey, {
        mode: 'sign-in',
        user: { name: 'pat', role, permissions: permissionsOf(defaultGrants, role) },
        singleSignOn: false,
      });
      renderInApp(() => <SyncPage />, queryClient);
      const intake = (await section('Webhook intake')).textContent ?? '';
      const sync = (await section('Last sync')).textContent ?? '';
      expect(intake).toContain("refuses the warehouse's webhooks");
      expect(sync).toContain('The console runs no sync');
      expect(intake.includes('WEBHOOK_TOKEN')).toBe(named);
      expect(sync.includes('SYNC_INTERVAL')).toBe(named);
      cleanup();
    }
  });
});
