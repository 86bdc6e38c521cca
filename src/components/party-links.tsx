import type { AddressBlock } from '@/contract/address';
import { customerKeyOf, supplierKeyOf } from '@/domain/parties';
import { AnchorLink } from './router-links';

/** What parties.ts reads of an address block. */
const partyOf = (block: AddressBlock | undefined) => ({
  personName: block?.contact?.personName,
  organization: block?.address?.organization,
  emailAddress: block?.contact?.emailAddress,
  postalCode: block?.address?.postalCode,
});

/** A link to the customer's page (all their orders and returns), when the block names a customer. */
export function CustomerLink({ block, children }: { block: AddressBlock | undefined; children: string }) {
  const key = customerKeyOf(partyOf(block));
  if (!key) return null;
  return (
    <AnchorLink to="/customers" search={{ key }} size="sm">
      {children}
    </AnchorLink>
  );
}

/** A link to the supplier's record (every receive of it), when the block names a supplier. */
export function SupplierLink({ block }: { block: AddressBlock | undefined }) {
  const key = supplierKeyOf(partyOf(block));
  if (!key) return null;
  return (
    <AnchorLink to="/suppliers/$key" params={{ key }} size="sm">
      Every receive of this supplier
    </AnchorLink>
  );
}
