import { afterEach, describe, expect, it } from 'vitest';
import { webhookDeliveriesSchema } from '../../contract/sandbox-webhook-deliveries';
import { orderBody, productBody } from '../testing/request-bodies';
import {
  createTestSandbox,
  expectErrors,
  expectSuccess,
  orgHeaders,
  type TestSandbox,
} from '../testing/test-harness';
import { accepted, startTestReceiver } from '../testing/test-receiver';
import { startWebhookDelivery } from '../webhooks/webhook-delivery';
import { deliveryPlanner, noWebhookFaults } from '../webhooks/webhook-faults';

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of cleanup.splice(0)) await close();
});

const asNorth = orgHeaders('north');

async function ordersIn(sandbox: TestSandbox, headers: Record<string, string>, references: string[]) {
  expectSuccess(
    await sandbox.call('POST', '/warehouse/v1/products', { body: productBody('LIST-1'), headers }),
  );
  for (const reference of references) {
    expectSuccess(
      await sandbox.call('POST', '/warehouse/v1/orders', { body: orderBody(reference, 'LIST-1'), headers }),
    );
  }
}

const list = async (sandbox: TestSandbox, query = '', headers?: Record<string, string>) =>
  webhookDeliveriesSchema.parse(
    expectSuccess(await sandbox.call('GET', `/sandbox/v1/webhooks/deliveries${query}`, { headers })),
  ).deliveries;

describe('GET /sandbox/v1/webhooks/deliveries', () => {
  it("lists the organization's deliveries newest first, with attempts, the last answer and the next attempt", async () => {
    const sandbox = createTestSandbox();
    sandbox.store.webhookOutbox.startRecording(deliveryPlanner(noWebhookFaults));
    // The first attempt of each delivery is refused, the second taken.
    const to = await startTestReceiver((_, index) =>
      index < 3 ? { status: 503, body: 'busy, try later', contentType: 'text/plain' } : accepted,
    );
    cleanup.push(to.close);
    await ordersIn(sandbox, {}, ['SO-A', 'SO-B']);
    await ordersIn(sandbox, asNorth, ['SO-NORTH']);

    const delivery = startWebhookDelivery({
      outbox: sandbox.store.webhookOutbox,
      destination: { url: new URL(to.url), headers: {} },
      maxAttempts: 5,
      seed: 'list',
      timing: { firstRetryMs: 300, maxRetryMs: 300 },
    });
    cleanup.unshift(() => delivery.stop());
    await to.waitFor(3);
    await expect.poll(async () => (await list(sandbox)).map((item) => item.attempts)).toEqual([1, 1]);

    const [newest, oldest] = await list(sandbox);
    expect(newest).toMatchObject({
      kind: 'order',
      primaryReference: 'SO-B',
      state: 'pending',
      attempts: 1,
      lastStatus: 503,
      lastAnswer: 'busy, try later',
      faults: [],
    });
    expect(oldest?.primaryReference).toBe('SO-A');
    expect(Number(newest?.id)).toBeGreaterThan(Number(oldest?.id));
    // Whole seconds, as the operator writes times: the retry 300 ms later may fall in the same second.
    expect(Date.parse(newest?.nextAttemptAt ?? '')).toBeGreaterThanOrEqual(
      Date.parse(newest?.lastAttemptAt ?? ''),
    );
    expect((await list(sandbox, '?limit=1')).map((item) => item.primaryReference)).toEqual(['SO-B']);
    expect((await list(sandbox, '', asNorth)).map((item) => item.primaryReference)).toEqual(['SO-NORTH']);
    expect(await list(sandbox, '', orgHeaders('south'))).toEqual([]);

    await expect
      .poll(async () =>
        (await list(sandbox)).map((item) => `${item.state} ${item.attempts} ${item.lastStatus}`),
      )
      .toEqual(['delivered 2 200', 'delivered 2 200']);
    expect((await list(sandbox))[0]).toMatchObject({ lastAnswer: '{"ok":true}', nextAttemptAt: null });
  });

  it('appears in the OpenAPI document and on the reference page', async () => {
    const sandbox = createTestSandbox();
    const document = await (await sandbox.app.request('/warehouse/api-docs')).json();
    const operation = document.paths['/sandbox/v1/webhooks/deliveries'].get;
    expect(operation.parameters).toContainEqual(expect.objectContaining({ name: 'limit', in: 'query' }));
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '400', '401']));
    const page = await (await sandbox.app.request('/warehouse/api-docs/reference')).text();
    expect(page).toContain('GET /sandbox/v1/webhooks/deliveries');
  });

  it('needs the key and a limit from 1 to 200', async () => {
    const sandbox = createTestSandbox();
    expectErrors(
      await sandbox.call('GET', '/sandbox/v1/webhooks/deliveries', { headers: { 'x-api-key': '' } }),
      401,
      [{ code: 'unauthorized', pointer: '/' }],
    );
    for (const limit of ['0', '201', 'ten']) {
      expectErrors(await sandbox.call('GET', `/sandbox/v1/webhooks/deliveries?limit=${limit}`), 400, [
        { code: 'validation_failed', pointer: '/limit' },
      ]);
    }
    expect(await list(sandbox, '?limit=200')).toEqual([]);
  });
});
