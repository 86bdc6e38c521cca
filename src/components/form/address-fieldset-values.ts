import { z } from 'zod';
import { postalAddressSchema } from '@/contract/address';

/** What the address fieldset's inputs hold: every member as typed, '' when left blank. */
export const addressFieldsetSchema = z.object({
  address: postalAddressSchema,
  contact: z.object({
    personName: z.string(),
    phoneNumber: z.string(),
    mobileNumber: z.string(),
    emailAddress: z.string(),
  }),
});
export type AddressFieldsetValues = z.infer<typeof addressFieldsetSchema>;

export function blankAddressFieldset(): AddressFieldsetValues {
  return {
    address: {
      organization: '',
      addressLine1: '',
      addressLine2: '',
      city: '',
      state: '',
      postalCode: '',
      country: '',
    },
    contact: { personName: '', phoneNumber: '', mobileNumber: '', emailAddress: '' },
  };
}
