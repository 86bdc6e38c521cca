import { z } from 'zod';
import { orderInputSchema, orderListSchema, orderSchema } from './order';
import {
  productCreateSchema,
  productIdLookupSchema,
  productListSchema,
  productSchema,
  productUpdateSchema,
} from './product';
import {
  listing,
  listQuery,
  lookupQuery,
  primaryReferenceLookup,
  productCodeLookup,
  type QueryParameter,
  statusQuery,
} from './query-parameters';
import { receiveInputSchema, receiveListSchema, receiveSchema } from './receive';
import {
  type OrderShipmentAction,
  type ReceiveShipmentAction,
  reasonActionSchema,
  receiveActionSchema,
  shipActionSchema,
  splitActionSchema,
} from './sandbox-actions';
import { webhookDeliveriesSchema } from './sandbox-webhook-deliveries';

/**
 * One operation of the warehouse service, declared once: the sandbox serves and documents it, the
 * console's proxy lets the interface's operations through (and nothing else), and the browser calls it
 * and checks the answer with `answer`.
 */
export type Operation = {
  method: 'GET' | 'POST' | 'PATCH';
  /** The path the console calls, parameters as `:name`. */
  path: string;
  /** Further paths of the same operation. */
  aliases?: readonly string[];
  /** Documented query parameters, by the name the interface gives them. */
  query?: Readonly<Record<string, QueryParameter>>;
  body?: z.ZodType;
  /** The body may be left out (an empty body reads as {}). */
  bodyOptional?: boolean;
  /** Schema of the envelope's data on success. */
  answer: z.ZodType;
};

/** The operator's interface under /warehouse/v1: exactly what the proxy forwards with the key. */
export const interfaceOperations = {
  createProduct: {
    method: 'POST',
    path: '/warehouse/v1/products',
    body: productCreateSchema,
    answer: productSchema,
  },
  getProductId: {
    method: 'GET',
    path: '/warehouse/v1/products/actions/get-id/:productCode',
    answer: productIdLookupSchema,
  },
  getProduct: { method: 'GET', path: '/warehouse/v1/products/:id', answer: productSchema },
  listProducts: {
    method: 'GET',
    path: '/warehouse/v1/products',
    query: { ...lookupQuery(productCodeLookup), ...listQuery },
    answer: productListSchema,
  },
  updateProduct: {
    method: 'PATCH',
    path: '/warehouse/v1/products/:id',
    body: productUpdateSchema,
    answer: productSchema,
  },
  createOrder: { method: 'POST', path: '/warehouse/v1/orders', body: orderInputSchema, answer: orderSchema },
  updateOrder: {
    method: 'PATCH',
    // The operator's sample request uses the plural, its table of operations the singular.
    path: '/warehouse/v1/orders/:id',
    aliases: ['/warehouse/v1/order/:id'],
    body: orderInputSchema,
    answer: orderSchema,
  },
  listOrders: {
    method: 'GET',
    path: '/warehouse/v1/orders',
    query: { ...lookupQuery(primaryReferenceLookup), ...statusQuery, ...listQuery },
    answer: orderListSchema,
  },
  createReceive: {
    method: 'POST',
    path: '/warehouse/v1/receives',
    body: receiveInputSchema,
    answer: receiveSchema,
  },
  listReceives: {
    method: 'GET',
    path: '/warehouse/v1/receives',
    query: {
      ...lookupQuery(primaryReferenceLookup),
      ...statusQuery,
      subtype: { description: 'RET (returns only) or none (receives that are not returns)' },
      ...listQuery,
    },
    answer: receiveListSchema,
  },
} as const satisfies Record<string, Operation>;

/** A warehouse's step on one shipment of `record`; the alias leaves the shipment id out. */
function shipmentAction<
  const Base extends string,
  const Action extends string,
  Answer extends z.ZodType,
  Body extends z.ZodType | undefined = undefined,
>(record: Base, answer: Answer, action: Action, body?: Body) {
  return {
    method: 'POST',
    path: `${record}/shipments/:shipmentId/${action}`,
    aliases: [`${record}/${action}`],
    body: body as Body,
    bodyOptional: true,
    answer,
  } as const satisfies Operation;
}

const order = '/sandbox/v1/orders/:orderId';
const receive = '/sandbox/v1/receives/:receiveId';

/**
 * The sandbox's own surface under /sandbox/v1, not the operator's: what a warehouse does to orders and
 * receives, and its record of webhook deliveries.
 */
export const sandboxOperations = {
  orderShipment: {
    pick: shipmentAction(order, orderSchema, 'pick'),
    hold: shipmentAction(order, orderSchema, 'hold', reasonActionSchema),
    release: shipmentAction(order, orderSchema, 'release'),
    cancel: shipmentAction(order, orderSchema, 'cancel', reasonActionSchema),
    ship: shipmentAction(order, orderSchema, 'ship', shipActionSchema),
  } satisfies Record<OrderShipmentAction, Operation>,
  splitOrder: {
    method: 'POST',
    path: `${order}/split`,
    body: splitActionSchema,
    bodyOptional: true,
    answer: orderSchema,
  },
  receiveShipment: {
    receive: shipmentAction(receive, receiveSchema, 'receive', receiveActionSchema),
    finalize: shipmentAction(receive, receiveSchema, 'finalize'),
    cancel: shipmentAction(receive, receiveSchema, 'cancel', reasonActionSchema),
  } satisfies Record<ReceiveShipmentAction, Operation>,
  listWebhookDeliveries: {
    method: 'GET',
    path: '/sandbox/v1/webhooks/deliveries',
    query: {
      limit: {
        description: `How many, 1 to ${listing.maxLimit} (default ${listing.defaultLimit})`,
        schema: z.int().min(1).max(listing.maxLimit),
      },
    },
    answer: webhookDeliveriesSchema,
  },
} as const;
