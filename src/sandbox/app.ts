import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { apiReferencePage } from './api-reference';
import { authenticate, type SandboxEnv } from './auth';
import type { SandboxConfig } from './config';
import { errorText } from './error-text';
import { ApiProblem, envelope, errorEnvelope, problem } from './errors';
import { refuseCrossSiteRequests, refuseForeignHosts } from './foreign-requests';
import { openApiDocument } from './openapi';
import { readJsonBody } from './request-body';
import {
  bodyMethods,
  mountRoutes,
  type QueryReader,
  RawJson,
  type SandboxDeps,
  type SandboxRoute,
} from './route-table';
import { operatorRoutes } from './routes/operator-routes';
import { orderRoutes } from './routes/orders';
import { productRoutes } from './routes/products';
import { receiveRoutes } from './routes/receives';
import { webhookDeliveryRoutes } from './routes/webhook-deliveries';
import type { SandboxStore } from './store';

/** Every route the sandbox serves and documents; the operator actions under /sandbox/v1 join this list. */
export function sandboxRoutes(): SandboxRoute[] {
  return [...productRoutes, ...orderRoutes, ...receiveRoutes, ...operatorRoutes, ...webhookDeliveryRoutes];
}

function queryReader(url: string): QueryReader {
  const byLowerName = new Map<string, string>();
  const start = url.indexOf('?');
  if (start >= 0) {
    for (const [name, value] of new URLSearchParams(url.slice(start + 1))) {
      const lower = name.toLowerCase();
      if (!byLowerName.has(lower)) byLowerName.set(lower, value);
    }
  }
  return { get: (name) => byLowerName.get(name.toLowerCase()) };
}

function answerProblem(c: Context, failure: ApiProblem) {
  return c.json(errorEnvelope(failure.problems), failure.status as 400);
}

export function createSandboxApp(deps: {
  store: SandboxStore;
  config: SandboxConfig;
  now?: () => Date;
  /** Where the sandbox says what went wrong on its side; by default standard error. */
  log?: (line: string) => void;
}): Hono<SandboxEnv> {
  const resolved: SandboxDeps = {
    store: deps.store,
    config: deps.config,
    now: deps.now ?? (() => new Date()),
  };
  const routes = sandboxRoutes();
  const app = new Hono<SandboxEnv>();

  app.onError((error, c) => {
    if (error instanceof ApiProblem) return answerProblem(c, error);
    // Never a client's doing (the property test holds us to that): log it and still answer the envelope.
    (deps.log ?? console.error)(
      `sandbox: unexpected error in ${c.req.method} ${c.req.path}: ${errorText(error)}`,
    );
    return answerProblem(c, problem('internal_error', 'The sandbox failed to answer this request'));
  });
  app.notFound((c) => answerProblem(c, problem('not_found', `No route ${c.req.method} ${c.req.path}`)));

  app.use(refuseForeignHosts(deps.config.allowedHosts));
  app.use('/warehouse/v1/*', refuseCrossSiteRequests);
  app.use('/sandbox/v1/*', refuseCrossSiteRequests);

  // Public, like the operator's published description: no key needed to read how to call the service.
  const document = JSON.stringify(openApiDocument(routes));
  const reference = apiReferencePage(routes, deps.config);
  app.get('/warehouse/api-docs', (c) => c.body(document, 200, { 'content-type': 'application/json' }));
  app.get('/warehouse/api-docs/reference', (c) => c.html(reference));

  app.use('/warehouse/v1/*', authenticate(deps.config));
  app.use('/sandbox/v1/*', authenticate(deps.config));

  const { earlyChanges } = deps.store.webhookOutbox;
  mountRoutes(app, routes, (route) => async (c) => {
    const { method, bodyOptional } = route.operation;
    const body = bodyMethods.has(method) ? await readJsonBody(c, { optional: bodyOptional }) : undefined;
    const organization = c.get('organization');
    const answer = await route.handle({
      ...resolved,
      organization,
      params: c.req.param() as Record<string, string>,
      query: queryReader(c.req.url),
      body,
    });
    // The `early` webhook fault: reads show a change only once its delivery has been answered.
    const data =
      method === 'GET' && earlyChanges.hidesAny()
        ? earlyChanges.shownThroughApi(
            organization,
            answer instanceof RawJson ? JSON.parse(answer.text) : (answer as Record<string, unknown>),
          )
        : answer;
    if (data instanceof RawJson) {
      return c.body(`{"data":${data.text},"id":"${randomUUID()}","resource":[],"errors":[]}`, 200, {
        'content-type': 'application/json',
      });
    }
    return c.json(envelope(data));
  });
  return app;
}
