import { describe, expect, it } from 'vitest';
import { createTestSandbox } from './testing/test-harness';

describe('documentation', () => {
  it('serves the generated OpenAPI 3.1 document with every endpoint, without a key', async () => {
    const response = await createTestSandbox().app.request('/warehouse/api-docs');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    const document = await response.json();
    expect(document.openapi).toBe('3.1.0');
    const operations = Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(
      ([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations).toEqual(
      expect.arrayContaining([
        'POST /warehouse/v1/products',
        'GET /warehouse/v1/products/{id}',
        'GET /warehouse/v1/products/actions/get-id/{productCode}',
        'GET /warehouse/v1/products',
        'PATCH /warehouse/v1/products/{id}',
        'POST /warehouse/v1/orders',
        'PATCH /warehouse/v1/order/{id}',
        'PATCH /warehouse/v1/orders/{id}',
        'GET /warehouse/v1/orders',
        'POST /warehouse/v1/receives',
        'GET /warehouse/v1/receives',
      ]),
    );
    const createOrder = document.paths['/warehouse/v1/orders'].post;
    const orderInputRef = createOrder.requestBody.content['application/json'].schema.$ref;
    expect(orderInputRef).toBe('#/components/schemas/OrderInput');
    expect(document.components.schemas.OrderInput.required).toEqual(
      expect.arrayContaining(['warehouseCode', 'primaryReference', 'shipToAddress', 'orderLines']),
    );
    expect(Object.keys(createOrder.responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '409', '413', '415']),
    );
    // The contract's limits show as maxLength and maxItems.
    const orderInput = document.components.schemas.OrderInput.properties;
    expect(orderInput.primaryReference).toMatchObject({ maxLength: 100 });
    expect(orderInput.orderLines).toMatchObject({ minItems: 1, maxItems: 500 });
    expect(orderInput.orderLines.items.properties.productCode).toMatchObject({ maxLength: 35 });
    expect(document.components.schemas.ProductCreate.properties.customFields).toMatchObject({ maxItems: 50 });
    expect(document.components.securitySchemes.apiKey).toMatchObject({ in: 'header', name: 'x-api-key' });
    // Every reference resolves to a component.
    for (const [, id] of JSON.stringify(document).matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
      expect(document.components.schemas[id as string], id).toBeDefined();
    }
    expect(JSON.stringify(document)).not.toContain('#/$defs/');
    const operationIds = Object.values(
      document.paths as Record<string, Record<string, { operationId: string }>>,
    )
      .flatMap((methods) => Object.values(methods))
      .map((operation) => operation.operationId);
    expect(new Set(operationIds).size).toBe(operationIds.length);
  });

  it('serves a readable reference page listing endpoints, authentication, error codes and decided behaviors', async () => {
    const response = await createTestSandbox().app.request('/warehouse/api-docs/reference');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = await response.text();
    for (const text of [
      'POST /warehouse/v1/orders',
      'GET /warehouse/v1/products/actions/get-id/{productCode}',
      'organization-slug',
      'unknown_organization',
      'payload_too_large',
      'nextCursor',
      'LAW, NJE, DFW',
    ]) {
      expect(html).toContain(text);
    }
    expect(html).not.toContain('sandbox-key');
    expect(html).not.toMatch(/<script|https?:\/\/(?!json-schema)/);
  });
});
