import type { DataTableColumn } from '@/components/data-table';
import type { Product } from '@/contract/product';
import { flagExplanations } from '../model/attribute-labels';

type StoredAttribute = Product['productAttributes'][number];

/** A stored attribute's two flags as Yes or No, each header explaining its flag on hover. */
export const attributeFlagColumns: DataTableColumn<StoredAttribute>[] = (
  ['requiredForWarehouseRelease', 'requiredForRfConfirmation'] as const
).map((flag) => ({
  key: flag,
  header: <span title={flagExplanations[flag].description}>{flagExplanations[flag].label}</span>,
  cell: (attribute) => (attribute[flag] ? 'Yes' : 'No'),
}));
