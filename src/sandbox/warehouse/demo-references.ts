/**
 * References in the demo data (SANDBOX_SEED=demo) that tests and demos can rely on, one per case. The
 * demo seed's test checks each one through the interface, so a change to the demo plan that breaks
 * one fails there first.
 */
export const demoReferences = {
  orders: {
    /** PRS, one shipment ENT, a carrier named by transport detail. */
    entered: 'SO-100003',
    /** PRS, one shipment ENT, rate-shopped (rateGroup, transportDetail null). */
    enteredRateShopped: 'SO-100002',
    /** PRS, one shipment PIC. */
    picking: 'SO-100019',
    /** PRS, one shipment HEL (held before picking). */
    held: 'SO-100055',
    /** PRS, one shipment HEL, held after picking had started. */
    heldWhilePicking: 'SO-100013',
    /** FIN, everything ordered shipped in one package. */
    shipped: 'SO-100001',
    /** FIN, rate-shopped: the carrier of its rate group in trackingDetail. */
    shippedRateShopped: 'SO-100005',
    /** FIN, created with PascalCase member names. */
    shippedPascalCase: 'SO-100012',
    /** FIN, less than ordered left on one line. */
    shippedShort: 'SO-100022',
    /** FIN, more than ordered left on one line. */
    shippedOver: 'SO-100147',
    /** FIN, in two or three packages. */
    multiPackage: 'SO-100008',
    /** FIN, split into two shipments that both shipped. */
    multiShipment: 'SO-100010',
    /** PRS, split: the first shipment FIN, the second still ENT. */
    multiShipmentOpen: 'SO-100063',
    /** FIN, split: one shipment FIN and the other CAN (the mixed case). */
    shippedAndCanceled: 'SO-100031',
    /** FIN, split in three: one shipment shipped with USPS, one with FedEx (each tracked), the third CAN. */
    twoCarriersAndCanceled: 'SO-100128',
    /** CAN, canceled before picking. */
    canceled: 'SO-100111',
    /** FIN, two returns of it, which together announce back every unit of one product it shipped. */
    returnedTwice: 'SO-100052',
    /** International with forwardingData.incoTerm, shipped. */
    international: 'SO-100034',
  },
  receives: {
    /** PRS, nothing received yet, ETA ahead. */
    awaiting: 'PO-200011',
    /** PRS, nothing received, ETA passed. */
    overdue: 'PO-200022',
    /** PRS, some lines received. */
    partial: 'PO-200001',
    /** FIN, every line received as announced. */
    complete: 'PO-200002',
    /** FIN, one line received below its announced quantity. */
    short: 'PO-200004',
    /** FIN, one line received above its announced quantity. */
    over: 'PO-200006',
    /** CAN. */
    canceled: 'PO-200009',
  },
  lots: {
    /**
     * A lot received on one receive and shipped, first expiry first out, on orders to three customers: a
     * recall's trace (received 240, shipped 6, returned 0).
     */
    recalled: {
      lot: 'LOT48PNK3',
      receive: 'PO-200030',
      orders: ['SO-100012', 'SO-100034', 'SO-100049'],
    },
  },
  returns: {
    /** Subtype RET, PRS, nothing received yet. */
    awaiting: 'RMA-300001',
    /** Subtype RET, FIN, received. */
    received: 'RMA-300003',
    /** Subtype RET, PRS, one of two lines received. */
    partial: 'RMA-300006',
    /** Subtype RET, CAN. */
    canceled: 'RMA-300004',
  },
} as const;
