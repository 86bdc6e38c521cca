import { interfaceOperations } from '../../contract/operations';
import { primaryReferenceLookup } from '../../contract/query-parameters';
import {
  type Receive,
  type ReceiveShipment,
  receiveInputSchema,
  receiveStatuses,
} from '../../contract/receive';
import { asRecord, newResourceId, timestamp } from '../documents';
import { problem, validationFailed, zodProblems } from '../errors';
import { encodeCursor, readListQuery } from '../list-query';
import { rawList, type SandboxRoute } from '../route-table';
import { packetProblems } from './packet-rules';

/** Receives without a subtype are listed with subtype=none. */
const NO_SUBTYPE = 'none';

/** A warehouse docket number: the receive's place among the organization's receives, eight digits. */
function docketId(sequence: number): string {
  return String(sequence).padStart(8, '0');
}

export const receiveRoutes: SandboxRoute[] = [
  {
    operation: interfaceOperations.createReceive,
    tag: 'Receives and returns',
    summary: 'Create a receive (subtype RET: a return)',
    description:
      "The receive starts in PRS with one shipment in PRS (a WHE milestone 'Created', the warehouse's wmsDocketId) whose lines start at quantity 0 (they show what actually arrives) with an empty holdCode; lines keep their palletId and partAttributes, and may share an externalLineReference. primaryReference is unique among the organization's receives (409). Every line's product must exist; warehouseCode and part attribute keys must be the packet's. subtype is absent or RET.",
    errors: [400, 409],
    handle(request) {
      const { store, organization } = request;
      const raw = asRecord(request.body);
      const parsed = receiveInputSchema.safeParse(raw);
      const problems = [
        ...(parsed.success ? [] : zodProblems(parsed.error.issues)),
        ...packetProblems(raw, 'receiveLines', request),
      ];
      if (!parsed.success || problems.length > 0) throw validationFailed(problems);
      const input = parsed.data;
      return store.transaction(() => {
        if (store.receives.hasReference(organization, input.primaryReference)) {
          throw problem(
            'conflict',
            `A receive with primaryReference ${input.primaryReference} already exists`,
            {
              pointer: '/primaryReference',
            },
          );
        }
        const at = timestamp(request.now());
        const lines = input.receiveLines.map((line, index) => ({
          lineNumber: String(index + 1),
          ...(line.externalLineReference !== undefined && {
            externalLineReference: line.externalLineReference,
          }),
          productCode: line.productCode,
          quantity: line.quantity,
          quantityUnit: line.quantityUnit,
          lineAttributes: [],
          lineCustomAttributes: [],
          partAttributes: line.partAttributes ?? [],
          ...(line.palletId !== undefined && { palletId: line.palletId }),
        }));
        const copied = {
          warehouseCode: input.warehouseCode,
          primaryReference: input.primaryReference,
          ...(input.secondaryReference !== undefined && { secondaryReference: input.secondaryReference }),
          ...(input.transportReference !== undefined && { transportReference: input.transportReference }),
          ...(input.eta !== undefined && { eta: input.eta }),
          ...(input.shipFromAddress !== undefined && { shipFromAddress: input.shipFromAddress }),
          additionalReferences: input.additionalReferences ?? [],
        };
        const shipment: ReceiveShipment = {
          id: newResourceId(),
          wmsDocketId: docketId(store.receives.count(organization) + 1),
          status: 'PRS',
          dateCreated: at,
          dateLastUpdated: at,
          ...copied,
          totalQuantity: 0,
          receiveLines: lines.map((line) => ({ ...line, quantity: 0, sublines: [], holdCode: '' })),
          milestones: [{ code: 'WHE', description: 'Created', sequence: '1', actualDate: at }],
        };
        const receive: Receive = {
          id: newResourceId(),
          dateCreated: at,
          dateLastUpdated: at,
          status: 'PRS',
          ...copied,
          ...(input.subtype !== undefined && { subtype: input.subtype }),
          receiveLines: lines,
          shipments: [shipment],
        };
        store.receives.put(organization, receive);
        return receive;
      });
    },
  },
  {
    operation: interfaceOperations.listReceives,
    tag: 'Receives and returns',
    summary: 'Find receives by reference, or list them',
    description:
      'PrimaryReference: exact match (an empty list when none). Without it, lists receives and returns newest dateLastUpdated first, a page at a time; subtype=RET lists only returns, subtype=none only the other receives.',
    errors: [400],
    handle({ query, store, organization }) {
      const filter = readListQuery(query, {
        lookup: primaryReferenceLookup,
        statuses: receiveStatuses,
        subtypes: ['RET', NO_SUBTYPE],
      });
      if (filter.subtype === NO_SUBTYPE) filter.subtype = null;
      const page = store.receives.listRaw(organization, filter);
      return rawList('receives', page.items, page.next ? encodeCursor(page.next) : null);
    },
  },
];
