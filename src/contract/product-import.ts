import { z } from 'zod';
import type { ConsoleRoute } from './console-route';

/** A product CSV's limits, said on the page before upload and held by the routes. */
export const productImportLimits = {
  fileBytes: 5 * 1024 * 1024,
  rows: 10_000,
  /** Rows one create request carries: a batch the progress bar advances by, answered within seconds. */
  createRows: 50,
  /** Problems listed for one row; a row with more is corrected a few at a time, as the form shows them. */
  problemsPerRow: 10,
  /** Columns one row may map: the create contract's members and a packet's attributes, with room to spare. */
  fieldsPerRow: 200,
} as const;

/** The dry run's body: at most 10,000 rows of JSON in 12 MiB (a 5 MB file grows when mapped to members). */
export const productImportBodyBytes = 12 * 1024 * 1024;
/** A create's body: 50 rows, each well under the 12 MiB's share of a row (about 1.2 KiB) times 16. */
export const productCreateBatchBytes = 1024 * 1024;
/** A code or the warehouse's words as an answer echoes them: at most 200 characters, so a row's answer stays small. */
export function echoed(text: string): string {
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}

/**
 * One row of the file mapped to the product create contract's members, with its row number in the file
 * (the header is row 1). The members are checked row by row, so a bad row is reported rather than
 * refusing the request.
 */
const importedRowSchema = z.object({
  row: z.number().int().min(2),
  product: z
    .record(z.string(), z.unknown())
    .refine(
      (product) => Object.keys(product).length <= productImportLimits.fieldsPerRow,
      `Map at most ${productImportLimits.fieldsPerRow} columns a row`,
    ),
});
export type ImportedRow = z.infer<typeof importedRowSchema>;

const rowsOf = (max: number) =>
  z.object({
    rows: z
      .array(importedRowSchema)
      .min(1, 'Send at least one row')
      .max(max, `Send at most ${max.toLocaleString('en-US')} rows at once`)
      // Answers name rows by number: two rows of one number could not be told apart.
      .refine((rows) => new Set(rows.map(({ row }) => row)).size === rows.length, 'Each row number once'),
  });

export const rowProblemSchema = z.object({
  /** The member of the product contract at fault (`productAttributes.0.key`), or '' for the row. */
  field: z.string(),
  message: z.string(),
});
export type RowProblem = z.infer<typeof rowProblemSchema>;

export const checkedRowSchema = z.object({
  row: z.number(),
  productCode: z.string(),
  outcome: z.enum(['ready', 'errors', 'exists']),
  problems: z.array(rowProblemSchema),
});
export type CheckedRow = z.infer<typeof checkedRowSchema>;

export const productImportCheckSchema = z.object({
  counts: z.object({ ready: z.number(), errors: z.number(), exists: z.number() }),
  rows: z.array(checkedRowSchema),
});
export type ProductImportCheck = z.infer<typeof productImportCheckSchema>;

/**
 * What became of one row sent to be created: created, already at the warehouse (nothing changed), refused
 * (by the checks or the warehouse, with its words), unknown (the warehouse failed or timed out while it
 * had the row: importing the file again tells), or not sent because the import stopped before it.
 */
export const createdRowSchema = z.object({
  row: z.number(),
  productCode: z.string(),
  outcome: z.enum(['created', 'existed', 'refused', 'unknown', 'not-sent']),
  message: z.string(),
});
export type CreatedRow = z.infer<typeof createdRowSchema>;

/** What a row already at the warehouse says, in the answers and the page's report. */
export const alreadyExistsWords = 'Already exists: left as it is';

export const productImportCreateSchema = z.object({ rows: z.array(createdRowSchema) });

export const checkProductImportRoute = {
  method: 'POST',
  path: '/imports/products/check',
  summary:
    'A dry run of a product CSV: each row checked as the New product form checks it, against the rest of the file and the codes the index holds',
  access: 'products.write',
  body: rowsOf(productImportLimits.rows),
  answer: productImportCheckSchema,
} as const satisfies ConsoleRoute;

export const createProductImportRoute = {
  method: 'POST',
  path: '/imports/products/create',
  summary:
    'Creates up to 50 rows of a product CSV, each as the New product form does; a code the warehouse holds is reported, not duplicated',
  access: 'products.write',
  body: rowsOf(productImportLimits.createRows),
  answer: productImportCreateSchema,
} as const satisfies ConsoleRoute;
