import { z } from 'zod';

export const statusFilters = ['all', 'open', 'finalized', 'canceled'] as const;
export type StatusFilter = (typeof statusFilters)[number];
/** The interface's receive status for each filter; `all` sends none. */
export const statusFilterCodes: Record<StatusFilter, string | undefined> = {
  all: undefined,
  open: 'PRS',
  finalized: 'FIN',
  canceled: 'CAN',
};

export const discrepancyFilters = ['all', 'short-or-over', 'short', 'over'] as const;
export type DiscrepancyFilter = (typeof discrepancyFilters)[number];

export const receiveSortKeys = ['reference', 'warehouse', 'status', 'percentage', 'eta', 'updated'] as const;
export type ReceiveSortKey = (typeof receiveSortKeys)[number];

export const pageSizes = [10, 25, 50, 100] as const;

const dateSchema = z.iso.date().optional().catch(undefined);

/**
 * The list's state as it lives in the URL. Every member falls back to its default on a bad value, so a
 * hand-edited or outdated link still opens the list instead of an error page.
 */
export const receiveListSearchSchema = z.object({
  /** An exact primary reference to look up instead of listing. */
  reference: z.string().trim().min(1).optional().catch(undefined),
  status: z.enum(statusFilters).default('all').catch('all'),
  discrepancy: z.enum(discrepancyFilters).default('all').catch('all'),
  from: dateSchema,
  to: dateSchema,
  sort: z.enum(receiveSortKeys).default('updated').catch('updated'),
  dir: z.enum(['asc', 'desc']).default('desc').catch('desc'),
  page: z.coerce.number().int().min(1).default(1).catch(1),
  pageSize: z.coerce
    .number()
    .refine((size) => (pageSizes as readonly number[]).includes(size))
    .default(25)
    .catch(25),
});
export type ReceiveListSearch = z.infer<typeof receiveListSearchSchema>;

export const defaultReceiveListSearch: ReceiveListSearch = receiveListSearchSchema.parse({});

/** The part of the list's state the interface filters on; the rest is applied to what it returns. */
export function serverFiltersFor(search: ReceiveListSearch, kind: 'receives' | 'returns') {
  return {
    status: statusFilterCodes[search.status],
    subtype: kind === 'returns' ? ('RET' as const) : undefined,
    from: search.from,
    to: search.to,
  };
}
