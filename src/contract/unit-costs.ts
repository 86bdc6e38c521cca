import { z } from 'zod';
import type { ConsoleRoute } from './console-route';
import { recordReference } from './index-records';

/** A line of a receive as its claim packet names it: its number (or line reference) and product. */
const lineOfReceive = {
  /** The line's number, else its external line reference; '' for goods on no announced line. */
  line: z.string().max(100),
  productCode: z.string().min(1).max(35),
};

/**
 * What a unit of a receive's line cost from the supplier, as someone entered it on the receive (the
 * console's own, never sent to the warehouse): the claim packet prices the line's shortage or excess at it
 * instead of the product's price.
 */
export const unitCostSchema = z.object({
  ...lineOfReceive,
  unitCost: z.number(),
  currency: z.string(),
  /** Who entered it, and when (ISO 8601). */
  enteredBy: z.string(),
  enteredAt: z.string(),
});
export type UnitCost = z.infer<typeof unitCostSchema>;

export const unitCostsSchema = z.object({ costs: z.array(unitCostSchema) });

/** A cost as a form sends it: null takes the line's cost away (the product's price counts again). */
export const unitCostChangeSchema = z.object({
  ...lineOfReceive,
  unitCost: z
    .number()
    .min(0, 'A unit cost cannot be negative')
    .max(1_000_000_000, 'Enter a unit cost below a billion')
    .nullable(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, 'Use a three-letter currency code such as USD')
    .default('USD'),
});
export type UnitCostChange = z.infer<typeof unitCostChangeSchema>;

export const getUnitCostsRoute = {
  method: 'GET',
  path: '/index/receives/:reference/unit-costs',
  summary: "The unit costs entered on a receive's lines, for its claim packet",
  access: 'signed-in',
  params: { reference: recordReference },
  answer: unitCostsSchema,
} as const satisfies ConsoleRoute;

export const setUnitCostsRoute = {
  method: 'PATCH',
  path: '/index/receives/:reference/unit-costs',
  summary: "Enters (or takes away) the unit costs of a receive's lines; each change in the audit log",
  access: 'receives.write',
  params: { reference: recordReference },
  body: z.object({ costs: z.array(unitCostChangeSchema).min(1).max(500) }),
  answer: unitCostsSchema,
} as const satisfies ConsoleRoute;
