import { z } from 'zod';

/** What the address fieldset's inputs hold: every member as typed, '' when left blank. */
export const addressFieldsetSchema = z.object({
  address: z.object({
    organization: z.string(),
    addressLine1: z.string(),
    addressLine2: z.string(),
    city: z.string(),
    state: z.string(),
    postalCode: z.string(),
    country: z.string(),
  }),
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
