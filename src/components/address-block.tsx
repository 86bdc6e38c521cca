import { Stack, Text } from '@mantine/core';
import type { AddressBlock as AddressBlockData } from '@/contract/address';
import { addressLines, countryInWords } from '@/domain/code-words';

/** An address and contact as the interface returns them; members a response left out are simply absent. */
export function AddressBlock({ value }: { value: AddressBlockData | undefined }) {
  const address = value?.address;
  const contact = value?.contact;
  const lines = address ? addressLines(address) : [];
  const country = countryInWords(address?.country);
  if (lines.length === 0 && !country.words && !contact?.personName)
    return <Text c="dimmed">No address given</Text>;
  return (
    <Stack gap={2} component="address" style={{ fontStyle: 'normal' }}>
      {lines.map((line) => (
        <Text key={line}>{line}</Text>
      ))}
      {country.words ? (
        <Text title={country.code !== country.words ? country.code : undefined}>{country.words}</Text>
      ) : null}
      {address?.isResidential ? (
        <Text size="sm" c="dimmed">
          Residential address
        </Text>
      ) : null}
      {address?.addressNote ? <Text size="sm">Note: {address.addressNote}</Text> : null}
      {contact?.personName ? <Text mt="xs">{contact.personName}</Text> : null}
      {contact?.phoneNumber ? <Text size="sm">Phone {contact.phoneNumber}</Text> : null}
      {contact?.mobileNumber ? <Text size="sm">Mobile {contact.mobileNumber}</Text> : null}
      {contact?.emailAddress ? <Text size="sm">{contact.emailAddress}</Text> : null}
    </Stack>
  );
}
