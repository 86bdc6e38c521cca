// No zod here: the trace route's search reader is part of the first page's JavaScript (the route tree), and
// the contract's schemas are not (part-trace.ts holds them).

/** The longest lot or serial number a trace takes: the interface's attribute values are shorter. */
export const maxTracedValueLength = 100;
