import { Stack, Text } from '@mantine/core';
import type { AddressBlock } from '../../../contract/address';

/** The ship-to block; the interface may omit empty members, so only what is there shows. */
export function ShipTo({ block }: { block: AddressBlock | undefined }) {
  const address = block?.address;
  const contact = block?.contact;
  if (!address && !contact) return <Text c="dimmed">No address given.</Text>;
  const cityLine = [address?.city, address?.state, address?.postalCode].filter(Boolean).join(' ');
  const contactLines = [
    contact?.personName,
    contact?.phoneNumber && `Phone ${contact.phoneNumber}`,
    contact?.mobileNumber && `Mobile ${contact.mobileNumber}`,
    contact?.faxNumber && `Fax ${contact.faxNumber}`,
    contact?.emailAddress,
  ].filter(Boolean);
  return (
    <Stack gap={2}>
      <address style={{ fontStyle: 'normal' }}>
        {[address?.organization, address?.addressLine1, address?.addressLine2, cityLine, address?.country]
          .filter(Boolean)
          .map((line) => (
            <div key={line}>{line}</div>
          ))}
        {address?.isResidential ? <Text size="sm" c="dimmed">Residential address</Text> : null}
        {contactLines.map((line) => (
          <div key={line}>{line}</div>
        ))}
      </address>
      {address?.addressNote ? <Text size="sm">Note for the carrier: {address.addressNote}</Text> : null}
    </Stack>
  );
}
