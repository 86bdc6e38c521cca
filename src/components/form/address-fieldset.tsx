import { Fieldset, SimpleGrid, Text } from '@mantine/core';
import type { AddressFieldsetValues } from './address-fieldset-values';
import { TextField } from './registered-fields';

type AddressMember = keyof AddressFieldsetValues['address'];
type ContactMember = keyof AddressFieldsetValues['contact'];

/**
 * An address block of the interface (ship to, ship from) and its contact, at `name` in the form's
 * values. `required` marks what the contract requires of an address; leave it off where the whole
 * block is optional.
 */
export function AddressFieldset({
  name,
  legend,
  required = false,
}: {
  name: string;
  legend: string;
  required?: boolean;
}) {
  const address = (member: AddressMember) => `${name}.address.${member}`;
  const contact = (member: ContactMember) => `${name}.contact.${member}`;
  return (
    <Fieldset legend={legend}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField name={address('organization')} label="Organization" autoComplete="organization" />
        <TextField
          name={address('addressLine1')}
          label="Address line 1"
          withAsterisk={required}
          autoComplete="address-line1"
        />
        <TextField name={address('addressLine2')} label="Address line 2" autoComplete="address-line2" />
        <TextField name={address('city')} label="City" autoComplete="address-level2" />
        <TextField name={address('state')} label="State" autoComplete="address-level1" />
        <TextField name={address('postalCode')} label="Postal code" autoComplete="postal-code" />
        <TextField
          name={address('country')}
          label="Country"
          withAsterisk={required}
          description="Two- or three-letter code, for example US or USA"
          autoComplete="country"
        />
      </SimpleGrid>
      <Text fw={600} mt="md" mb="xs">
        Contact
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField name={contact('personName')} label="Contact name" autoComplete="name" />
        <TextField name={contact('phoneNumber')} label="Phone" type="tel" autoComplete="tel" />
        <TextField name={contact('mobileNumber')} label="Mobile" type="tel" />
        <TextField name={contact('emailAddress')} label="Email" type="email" autoComplete="email" />
      </SimpleGrid>
    </Fieldset>
  );
}
