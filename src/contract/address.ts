import { z } from 'zod';
import { atMostCharacters, boundedTextSchema } from './common';
import { limits } from './limits';

const countrySchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2,3}$/, 'Use a two- or three-letter country code, for example US or USA');

const { name, email, phone, postalCode } = limits.maxLength;

export const addressInputSchema = z.object({
  organization: boundedTextSchema(name).optional(),
  addressLine1: boundedTextSchema(name).trim().min(1, 'Enter the first address line'),
  addressLine2: boundedTextSchema(name).optional(),
  country: countrySchema,
  state: boundedTextSchema(name).optional(),
  city: boundedTextSchema(name).optional(),
  postalCode: boundedTextSchema(postalCode).optional(),
});

export const contactInputSchema = z.object({
  personName: boundedTextSchema(name).optional(),
  phoneNumber: boundedTextSchema(phone).optional(),
  mobileNumber: boundedTextSchema(phone).optional(),
  faxNumber: boundedTextSchema(phone).optional(),
  emailAddress: z
    .union([z.literal(''), z.email('Enter a valid email address').max(email, atMostCharacters(email))])
    .optional(),
});

export const addressBlockInputSchema = z.object({
  address: addressInputSchema,
  contact: contactInputSchema.optional(),
});
export type AddressBlockInput = z.infer<typeof addressBlockInputSchema>;

/**
 * Responses may omit empty members, carry isResidential and addressNote, and use 2- or 3-letter countries;
 * members the contract does not name are kept, at every level.
 */
export const addressBlockSchema = z.looseObject({
  address: z
    .looseObject({
      organization: z.string().optional(),
      addressLine1: z.string().optional(),
      addressLine2: z.string().optional(),
      country: z.string().optional(),
      state: z.string().optional(),
      city: z.string().optional(),
      postalCode: z.string().optional(),
      isResidential: z.boolean().optional(),
      addressNote: z.string().optional(),
    })
    .optional(),
  contact: z
    .looseObject({
      personName: z.string().optional(),
      phoneNumber: z.string().optional(),
      mobileNumber: z.string().optional(),
      faxNumber: z.string().optional(),
      emailAddress: z.string().optional(),
    })
    .optional(),
});
export type AddressBlock = z.infer<typeof addressBlockSchema>;

/** Every member of an address as text, '' where it was left out: a form's fields, a recall list's columns. */
export const postalAddressSchema = z.object({
  organization: z.string(),
  addressLine1: z.string(),
  addressLine2: z.string(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  country: z.string(),
});
export type PostalAddress = z.infer<typeof postalAddressSchema>;
