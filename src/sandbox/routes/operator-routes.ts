import type { z } from 'zod';
import { type Operation, sandboxOperations } from '../../contract/operations';
import type { Order } from '../../contract/order';
import type { Receive } from '../../contract/receive';
import {
  type OrderShipmentAction,
  type ReceiveShipmentAction,
  reasonActionSchema,
  receiveActionSchema,
  shipActionSchema,
  splitActionSchema,
} from '../../contract/sandbox-actions';
import { asRecord, newResourceId } from '../documents';
import { problem, toPointer, validationFailed, zodProblems } from '../errors';
import type { RouteRequest, SandboxRoute } from '../route-table';
import { addReceived, drawShipped } from '../stock-store';
import type { ActionContext } from '../warehouse/action-context';
import { ActionInputError, IllegalMoveError, ShipmentNotFoundError } from '../warehouse/action-errors';
import {
  cancelShipment,
  holdShipment,
  pickShipment,
  releaseShipment,
  shipShipment,
} from '../warehouse/order-shipping';
import { splitOrder } from '../warehouse/order-splitting';
import { cancelReceiveShipment, finalizeReceiveShipment, receiveGoods } from '../warehouse/receiving';

const TAG = 'Sandbox operator actions';

function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body === undefined ? {} : asRecord(body));
  if (!parsed.success) throw validationFailed(zodProblems(parsed.error.issues));
  return parsed.data;
}

/**
 * The life cycle's refusals as the envelope: 409 for a move it forbids, 400 for a body that does not fit, 404
 * for an unknown shipment.
 */
function asProblem(error: unknown): unknown {
  if (error instanceof IllegalMoveError) return problem('conflict', error.message);
  if (error instanceof ShipmentNotFoundError) return problem('not_found', error.message);
  if (error instanceof ActionInputError) {
    return validationFailed(
      error.problems.map((item) => ({ pointer: toPointer(item.path), detail: item.message })),
    );
  }
  return error;
}

export function actionContext(
  request: Pick<RouteRequest, 'store' | 'config' | 'organization' | 'now'>,
): ActionContext {
  return {
    now: request.now(),
    serialKey: request.config.serialKey,
    attributeKeys: request.config.attributeKeys,
    product: (code) => request.store.products.getByCode(request.organization, code),
    newId: newResourceId,
    stockOf: (warehouseCode, productCode) =>
      request.store.stock.available(request.organization, warehouseCode, productCode),
  };
}

type DocumentStore<D> = {
  get(org: string, id: string): D | undefined;
  getByReference(org: string, reference: string): D | undefined;
  put(org: string, doc: D): void;
};

/**
 * Changes the order or receive the path names, by id or, for people and tests that know only the
 * reference, by primaryReference; the life cycle's refusals become the envelope and write nothing.
 */
function changeDocument<D>(
  request: RouteRequest,
  documents: DocumentStore<D>,
  noun: 'order' | 'receive',
  change: (document: D) => D,
): D {
  const key = request.params[`${noun}Id`] ?? '';
  return request.store.transaction(() => {
    const document =
      documents.get(request.organization, key) ?? documents.getByReference(request.organization, key);
    if (!document) throw problem('not_found', `No ${noun} with id or primaryReference ${key}`);
    let changed: D;
    try {
      changed = change(document);
    } catch (error) {
      throw asProblem(error);
    }
    documents.put(request.organization, changed);
    return changed;
  });
}

const changeOrder = (request: RouteRequest, change: (order: Order) => Order) =>
  changeDocument(request, request.store.orders, 'order', change);

const changeReceive = (request: RouteRequest, change: (receive: Receive) => Receive) =>
  changeDocument(request, request.store.receives, 'receive', change);

const ORDER_ID = "orderId: the order's id or its primaryReference.";
const SHIPMENT_ID =
  'shipmentId may be left out of the path when the order has exactly one open shipment (not FIN or CAN).';

type ShipmentAction<Action extends string> = {
  action: Action;
  summary: string;
  description: string;
  errors: number[];
  handle(request: RouteRequest, shipmentId: string | undefined): unknown;
};

/** Each action on a shipment, served at its operation's paths (the alias leaves the shipment id out). */
function shipmentRoutes<Action extends string>(
  operations: Record<Action, Operation>,
  actions: ShipmentAction<Action>[],
): SandboxRoute[] {
  return actions.map((action) => ({
    operation: operations[action.action],
    tag: TAG,
    summary: action.summary,
    description: action.description,
    errors: action.errors,
    handle: (request) => action.handle(request, request.params.shipmentId),
  }));
}

const orderActions: ShipmentAction<OrderShipmentAction>[] = [
  {
    action: 'pick',
    summary: 'Start picking an order shipment (ENT → PIC)',
    description: `Adds a WHI milestone. No body. ${ORDER_ID} ${SHIPMENT_ID}`,
    errors: [404, 409],
    handle: (request, shipmentId) =>
      changeOrder(request, (order) => pickShipment(order, shipmentId, request.now())),
  },
  {
    action: 'hold',
    summary: 'Put an order shipment on hold (ENT or PIC → HEL)',
    description: `Adds a HEL milestone whose description carries the optional reason. While every shipment is ENT or HEL the order can still be updated. ${ORDER_ID} ${SHIPMENT_ID}`,
    errors: [400, 404, 409],
    handle: (request, shipmentId) =>
      changeOrder(request, (order) =>
        holdShipment(order, shipmentId, parseBody(reasonActionSchema, request.body), request.now()),
      ),
  },
  {
    action: 'release',
    summary: 'Release a held order shipment (HEL → ENT or PIC, where it was)',
    description: `Adds a milestone repeating where the shipment returns to (WHE or WHI), described as released. No body. ${ORDER_ID} ${SHIPMENT_ID}`,
    errors: [404, 409],
    handle: (request, shipmentId) =>
      changeOrder(request, (order) => releaseShipment(order, shipmentId, request.now())),
  },
  {
    action: 'cancel',
    summary: 'Cancel an order shipment (ENT, PIC or HEL → CAN)',
    description: `Adds a CAN milestone with the optional reason. The order becomes CAN when every shipment is CAN, FIN when the others are FIN. ${ORDER_ID} ${SHIPMENT_ID}`,
    errors: [400, 404, 409],
    handle: (request, shipmentId) =>
      changeOrder(request, (order) =>
        cancelShipment(order, shipmentId, parseBody(reasonActionSchema, request.body), request.now()),
      ),
  },
  {
    action: 'ship',
    summary: 'Ship a picked order shipment (PIC → FIN)',
    description: `Fills shipmentLines with what left (lines left out did not ship; more than ordered is an over-shipment; sublines carry part attributes such as serial numbers and must add up to the line), packages with packedLines, trackingDetail (a rate-shopped order gets its rate group's carrier: ECONOMY USPS Ground Advantage, STANDARD UPS Ground, EXPEDITED FedEx 2Day; otherwise the order's transport detail, or UPS Ground; members sent win, and a carrierCode sent alone brings that carrier's name and tracking number), actualShipDate, totalCost and a FIN milestone. With no body: every planned quantity in one BOX. Lines sent without sublines take their lots and serial numbers from the warehouse's stock (what receipts recorded, first expiry first out, then first in first out), shown as sublines; what stock does not cover is generated for products that capture them. The order becomes FIN once every shipment is final. ${ORDER_ID} ${SHIPMENT_ID}`,
    errors: [400, 404, 409],
    handle: (request, shipmentId) =>
      changeOrder(request, (order) => {
        const body = parseBody(shipActionSchema, request.body);
        const shipped = shipShipment(order, shipmentId, body, actionContext(request));
        drawShipped(request.store.stock, request.organization, order, shipped);
        return shipped;
      }),
  },
];

const RECEIVE_ID = "receiveId: the receive's id or its primaryReference (returns too).";
const RECEIVE_SHIPMENT_ID =
  'shipmentId may be left out of the path when the receive has exactly one open (PRS) shipment.';

const receiveActions: ShipmentAction<ReceiveShipmentAction>[] = [
  {
    action: 'receive',
    summary: 'Record goods received on a receive shipment (stays PRS)',
    description: `Adds each quantity to the shipment's receiveLines (with sublines for serial numbers, lots and expiry dates; they must add up to the line) and updates totalQuantity. More than announced is allowed (over). With no body: everything announced and not yet received, with lots, expiry dates and serial numbers generated for products that capture them; 409 when nothing is outstanding. ${RECEIVE_ID} ${RECEIVE_SHIPMENT_ID}`,
    errors: [400, 404, 409],
    handle: (request, shipmentId) =>
      changeReceive(request, (receive) => {
        const body = parseBody(receiveActionSchema, request.body);
        const received = receiveGoods(receive, shipmentId, body, actionContext(request));
        addReceived(request.store.stock, request.organization, receive, received, request.now());
        return received;
      }),
  },
  {
    action: 'finalize',
    summary: 'Finalize a receive shipment (PRS → FIN)',
    description: `Adds a FIN milestone; what was received stays as recorded, so a receive finalized below its announced quantities is short. No body. ${RECEIVE_ID} ${RECEIVE_SHIPMENT_ID}`,
    errors: [404, 409],
    handle: (request, shipmentId) =>
      changeReceive(request, (receive) => finalizeReceiveShipment(receive, shipmentId, request.now())),
  },
  {
    action: 'cancel',
    summary: 'Cancel a receive shipment (PRS → CAN)',
    description: `Adds a CAN milestone with the optional reason. ${RECEIVE_ID} ${RECEIVE_SHIPMENT_ID}`,
    errors: [400, 404, 409],
    handle: (request, shipmentId) =>
      changeReceive(request, (receive) =>
        cancelReceiveShipment(
          receive,
          shipmentId,
          parseBody(reasonActionSchema, request.body),
          request.now(),
        ),
      ),
  },
];

/** The warehouse's side of the sandbox: what an operator does to orders and receives, under /sandbox/v1. */
export const operatorRoutes: SandboxRoute[] = [
  ...shipmentRoutes(sandboxOperations.orderShipment, orderActions),
  {
    operation: sandboxOperations.splitOrder,
    tag: TAG,
    summary: 'Split an order into a second shipment',
    description: `The operator "arranges otherwise": part of an ENT or HEL shipment moves to a new shipment in ENT (with its own WHE milestone). Body: optional shipmentId (needed when several are open) and lines [{ lineNumber or productCode, quantity }] to move; with no body, the later half of the lines, or half the quantity of a single line. Afterwards each open shipment's shipmentLines hold the lines allocated to it. ${ORDER_ID}`,
    errors: [400, 404, 409],
    handle: (request) =>
      changeOrder(request, (order) =>
        splitOrder(order, parseBody(splitActionSchema, request.body), actionContext(request)),
      ),
  },
  ...shipmentRoutes(sandboxOperations.receiveShipment, receiveActions),
];
