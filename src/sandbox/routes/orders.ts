import { interfaceOperations } from '../../contract/operations';
import {
  editableShipmentStatuses,
  type Order,
  type OrderInput,
  type OrderShipment,
  orderInputSchema,
  orderStatuses,
} from '../../contract/order';
import { primaryReferenceLookup } from '../../contract/query-parameters';
import { asRecord, asText, newResourceId, timestamp } from '../documents';
import { ApiProblem, problem, validationFailed, zodProblems } from '../errors';
import { encodeCursor, notFound, readListQuery } from '../list-query';
import { type RouteRequest, rawList, type SandboxRoute } from '../route-table';
import { replannedShipments } from '../warehouse/order-splitting';
import { type Pointed, packetProblems } from './packet-rules';

function rateGroupProblems(raw: Record<string, unknown>, rateGroups: readonly string[]): Pointed[] {
  const rateGroup = asText(raw.rateGroup);
  if (rateGroup === undefined || rateGroups.includes(rateGroup)) return [];
  return [
    {
      pointer: '/rateGroup',
      detail: `Unknown rate group ${rateGroup}. Rate groups: ${rateGroups.join(', ')}`,
    },
  ];
}

/**
 * An empty transportDetail is how the operator writes an unset one, so an order read and sent back as it
 * came (a rate-shopped one too) names no carrier.
 */
function withoutEmptyTransportDetail(raw: Record<string, unknown>): Record<string, unknown> {
  const { transportDetail } = raw;
  const empty =
    typeof transportDetail === 'object' &&
    transportDetail !== null &&
    !Array.isArray(transportDetail) &&
    Object.keys(transportDetail).length === 0;
  return empty ? { ...raw, transportDetail: null } : raw;
}

/** Every create-time problem at once: the schema's, the packet's and the stored products'. */
function validateOrder(
  request: RouteRequest,
  extra: (raw: Record<string, unknown>) => Pointed[],
): OrderInput {
  const raw = withoutEmptyTransportDetail(asRecord(request.body));
  const parsed = orderInputSchema.safeParse(raw);
  const problems = [
    ...(parsed.success ? [] : zodProblems(parsed.error.issues)),
    ...packetProblems(raw, 'orderLines', request),
    ...rateGroupProblems(raw, request.config.rateGroups),
    ...extra(raw),
  ];
  if (!parsed.success || problems.length > 0) throw validationFailed(problems);
  return parsed.data;
}

/** The order's members that its shipments carry a copy of. */
function shipmentCopy(input: OrderInput) {
  return {
    warehouseCode: input.warehouseCode,
    primaryReference: input.primaryReference,
    ...(input.secondaryReference !== undefined && { secondaryReference: input.secondaryReference }),
    shipToAddress: input.shipToAddress,
    ...(input.requiredShipDate !== undefined && { requiredShipDate: input.requiredShipDate }),
    additionalReferences: input.additionalReferences ?? [],
    // Unset, the operator writes both as empty objects.
    transportDetail: input.transportDetail ?? {},
    ...(input.forwardingData !== undefined && { forwardingData: input.forwardingData }),
    packingRequired: input.packingRequired ?? false,
    excludeFromTotePicking: input.excludeFromTotePicking ?? false,
    priority: input.priority ?? 0,
    jobCosting: input.jobCosting ?? {},
    ...(input.transportDetail && { serviceLevel: input.transportDetail.serviceLevelCode }),
  };
}

/**
 * Every member shipmentCopy may write (the type insists on all of them), so an update can clear them first.
 */
const copiedMembers: Record<keyof ReturnType<typeof shipmentCopy>, true> = {
  warehouseCode: true,
  primaryReference: true,
  secondaryReference: true,
  shipToAddress: true,
  requiredShipDate: true,
  additionalReferences: true,
  transportDetail: true,
  forwardingData: true,
  packingRequired: true,
  excludeFromTotePicking: true,
  priority: true,
  jobCosting: true,
  serviceLevel: true,
};

/** The shipment's copies replaced by the update's: a member the update leaves out goes, not stays stale. */
function withCopiesOf(shipment: OrderShipment, input: OrderInput): OrderShipment {
  const own = Object.fromEntries(Object.entries(shipment).filter(([key]) => !(key in copiedMembers)));
  return { ...(own as OrderShipment), ...shipmentCopy(input) };
}

function orderDocument(
  input: OrderInput,
  identity: { id: string; dateCreated: string; dateLastUpdated: string; status: string },
  shipments: OrderShipment[],
): Order {
  return {
    ...identity,
    ...shipmentCopy(input),
    orderLines: input.orderLines.map((line, index) => ({
      lineNumber: String(index + 1),
      ...(line.externalLineReference !== undefined && { externalLineReference: line.externalLineReference }),
      productCode: line.productCode,
      quantity: line.quantity,
      quantityUnit: line.quantityUnit,
      ...(line.linePrice !== undefined && { linePrice: line.linePrice }),
      lineAttributes: [],
      lineCustomAttributes: [],
      partAttributes: line.partAttributes ?? [],
    })),
    ...(input.note !== undefined && { note: input.note }),
    ...(asText(input.rateGroup) !== undefined && { rateGroup: input.rateGroup }),
    tags: input.tags ?? [],
    additionalNotes: input.additionalNotes ?? [],
    shipments,
  };
}

function orderList(request: RouteRequest) {
  const filter = readListQuery(request.query, {
    lookup: primaryReferenceLookup,
    statuses: orderStatuses,
  });
  const page = request.store.orders.listRaw(request.organization, filter);
  return rawList('orders', page.items, page.next ? encodeCursor(page.next) : null);
}

export const orderRoutes: SandboxRoute[] = [
  {
    operation: interfaceOperations.createOrder,
    tag: 'Orders',
    summary: 'Create an order',
    description:
      "The order starts in PRS with one shipment in ENT carrying a WHE milestone. primaryReference is unique among the organization's orders (409). Every line's product must exist; warehouseCode, rateGroup and part attribute keys must be the packet's; rateGroup requires transportDetail to be null, {} or absent (an unset transportDetail and jobCosting are answered as {}); forwardingData.incoTerm is one of the listed Incoterms.",
    errors: [400, 409],
    handle(request) {
      const input = validateOrder(request, () => []);
      const { store, organization } = request;
      return store.transaction(() => {
        if (store.orders.hasReference(organization, input.primaryReference)) {
          throw problem(
            'conflict',
            `An order with primaryReference ${input.primaryReference} already exists`,
            {
              pointer: '/primaryReference',
            },
          );
        }
        const at = timestamp(request.now());
        const shipment: OrderShipment = {
          id: newResourceId(),
          status: 'ENT',
          dateCreated: at,
          dateLastUpdated: at,
          ...shipmentCopy(input),
          trackingDetail: null,
          packages: [],
          shipmentLines: [],
          milestones: [{ code: 'WHE', description: 'Order entered', sequence: '1', actualDate: at }],
        };
        const order = orderDocument(
          input,
          { id: newResourceId(), dateCreated: at, dateLastUpdated: at, status: 'PRS' },
          [shipment],
        );
        store.orders.put(organization, order);
        return order;
      });
    },
  },
  {
    operation: interfaceOperations.updateOrder,
    tag: 'Orders',
    summary: 'Update an order',
    description:
      "A full replacement under the create-time rules. warehouseCode and primaryReference must equal the originals (400). Every shipment must be in ENT or HEL (409). The open shipments' copies of the order's fields follow the update; after a split, each shipment's planned lines are re-planned from the new lines.",
    errors: [400, 404, 409],
    handle(request) {
      const { store, organization } = request;
      return store.transaction(() => {
        const stored = store.orders.get(organization, request.params.id ?? '');
        if (!stored) throw notFound('order');
        const input = validateOrder(request, (raw) => {
          const problems: Pointed[] = [];
          for (const member of ['warehouseCode', 'primaryReference'] as const) {
            const sent = asText(raw[member]);
            if (sent !== undefined && sent !== stored[member]) {
              problems.push({ pointer: `/${member}`, detail: `${member} must stay ${stored[member]}` });
            }
          }
          return problems;
        });
        const locked = stored.shipments.filter(
          (shipment) => !editableShipmentStatuses.includes(shipment.status),
        );
        if (locked.length > 0) {
          throw new ApiProblem(
            locked.map((shipment) => ({
              code: 'conflict',
              detail: `Shipment ${shipment.id} is ${shipment.status}: an order can change only while every shipment is ENT or HEL`,
              source: { pointer: '/' },
            })),
          );
        }
        const at = timestamp(request.now());
        const shipments = stored.shipments.map((shipment) => ({
          ...withCopiesOf(shipment, input),
          dateLastUpdated: at,
        }));
        const updated = orderDocument(
          input,
          {
            id: stored.id,
            dateCreated: stored.dateCreated ?? at,
            dateLastUpdated: at,
            status: stored.status,
          },
          shipments,
        );
        // After a split, each shipment's planned lines follow the new lines too.
        const order = { ...updated, shipments: replannedShipments(shipments, updated.orderLines) };
        store.orders.put(organization, order);
        return order;
      });
    },
  },
  {
    operation: interfaceOperations.listOrders,
    tag: 'Orders',
    summary: 'Find orders by reference, or list them',
    description:
      'PrimaryReference: exact match (an empty list when none). Without it, lists orders newest dateLastUpdated first, a page at a time.',
    errors: [400],
    handle: orderList,
  },
];
