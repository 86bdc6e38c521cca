import type { LiveChange } from '@/contract/live-change';

/**
 * The queries each kind of record is read under (receives and returns share theirs): a live change
 * refetches every query under its kind's root, a record's activity included.
 */
export const queryRootOf: Record<LiveChange['kind'], string> = {
  order: 'orders',
  receive: 'receives',
  return: 'receives',
  product: 'products',
};
