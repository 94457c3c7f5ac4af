import * as z from './zod';

/**
 * Saved addresses: where a service happens. A consumer keeps up to ADDRESS_MAX_PER_CONSUMER of them
 * (My Account lists and edits them; the slot page picks one or adds one), and each booking keeps a copy
 * of the one it was made with (a later edit or delete of the saved address does not change it).
 */

export const ADDRESS_LABELS = ['Home', 'Work', 'Other'] as const;
export type AddressLabel = (typeof ADDRESS_LABELS)[number];

/** India's 28 states and 8 union territories, as the address form offers them. */
export const INDIAN_STATES = [
  'Andhra Pradesh',
  'Arunachal Pradesh',
  'Assam',
  'Bihar',
  'Chhattisgarh',
  'Goa',
  'Gujarat',
  'Haryana',
  'Himachal Pradesh',
  'Jharkhand',
  'Karnataka',
  'Kerala',
  'Madhya Pradesh',
  'Maharashtra',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Odisha',
  'Punjab',
  'Rajasthan',
  'Sikkim',
  'Tamil Nadu',
  'Telangana',
  'Tripura',
  'Uttar Pradesh',
  'Uttarakhand',
  'West Bengal',
  'Andaman and Nicobar Islands',
  'Chandigarh',
  'Dadra and Nagar Haveli and Daman and Diu',
  'Delhi',
  'Jammu and Kashmir',
  'Ladakh',
  'Lakshadweep',
  'Puducherry',
] as const;
export type IndianState = (typeof INDIAN_STATES)[number];

export const ADDRESS_MAX_PER_CONSUMER = 10;
export const ADDRESS_LINE_MAX_LENGTH = 120;
export const ADDRESS_CITY_MAX_LENGTH = 60;
/** Six digits, the first not 0 (India Post's PIN codes). */
export const PINCODE_PATTERN = /^[1-9]\d{5}$/;

export const ADDRESS_MESSAGES = {
  pincode: 'Enter a 6-digit PIN code',
  pincodeZero: 'A PIN code does not start with 0',
  state: 'Choose a state or union territory',
  label: 'Choose Home, Work or Other',
} as const;

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

const requiredLine = (label: string, max: number) =>
  z
    .string({ error: (issue) => (isBlank(issue.input) ? `${label} is required` : `${label} must be text`) })
    .trim()
    .min(1, { error: `${label} is required`, abort: true })
    .max(max, `${label} must be at most ${max} characters`);

const optionalLine = (label: string) =>
  z.preprocess(
    (value) => (value === undefined || value === null ? '' : value),
    z.string({ error: `${label} must be text` }).trim().max(ADDRESS_LINE_MAX_LENGTH, `${label} must be at most ${ADDRESS_LINE_MAX_LENGTH} characters`),
  );

// people type '560 038' or '560-038': keep the digits' order, drop spaces and dashes
const pincode = z.preprocess(
  (value) => (typeof value === 'string' ? value.replace(/[\s-]/g, '') : typeof value === 'number' ? String(value) : value),
  z
    .string({ error: ADDRESS_MESSAGES.pincode })
    .regex(/^\d{6}$/, { error: ADDRESS_MESSAGES.pincode, abort: true })
    .regex(PINCODE_PATTERN, ADDRESS_MESSAGES.pincodeZero),
);

/** POST and PUT body of a saved address (and what the address form submits). Unknown fields are dropped. */
export const addressInputSchema = z.object(
  {
    label: z.enum(ADDRESS_LABELS, { error: ADDRESS_MESSAGES.label }),
    line1: requiredLine('House, street and area', ADDRESS_LINE_MAX_LENGTH),
    line2: optionalLine('Address line 2'),
    landmark: optionalLine('Landmark'),
    city: requiredLine('City', ADDRESS_CITY_MAX_LENGTH),
    state: z.enum(INDIAN_STATES, { error: ADDRESS_MESSAGES.state }),
    pincode,
  },
  { error: 'The address must be a JSON object' },
);
/** What the form may send (strings as typed). */
export type AddressInput = z.input<typeof addressInputSchema>;
/** The checked, trimmed address. */
export type AddressFields = z.output<typeof addressInputSchema>;

/** The copy of an address a booking keeps (and a cart item shows): '' for a missing line 2 or landmark. */
export const addressSnapshotSchema = z.object({
  label: z.string(),
  line1: z.string(),
  line2: z.string(),
  landmark: z.string(),
  city: z.string(),
  state: z.string(),
  pincode: z.string(),
});
export type AddressSnapshot = z.infer<typeof addressSnapshotSchema>;

/** A saved address (GET /users/consumer/{uid}/addresses lists them, newest first). */
export const addressSchema = addressSnapshotSchema.extend({
  addressId: z.string(),
  label: z.enum(ADDRESS_LABELS),
  state: z.enum(INDIAN_STATES),
  pincode: z.string().regex(PINCODE_PATTERN),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type Address = z.infer<typeof addressSchema>;

export const addressListSchema = z.array(addressSchema);
