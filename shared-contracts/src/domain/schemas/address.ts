import * as z from './zod';
import { label, said, saidWhenRead, sayNow } from '../validation-messages';
import { pincodeInState } from '../pincode-regions';
import { optionalLine, requiredLine } from './text-fields';

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

/** The address's own messages, in the language messages are being said in (read when reported). */
export const ADDRESS_MESSAGES = saidWhenRead({
  pincode: said('validation.address.pincode'),
  pincodeZero: said('validation.address.pincodeZero'),
  state: said('validation.address.state'),
  label: said('validation.address.label'),
});

// people type '560 038' or '560-038': keep the digits' order, drop spaces and dashes
const pincode = z.preprocess(
  (value) => (typeof value === 'string' ? value.replace(/[\s-]/g, '') : typeof value === 'number' ? String(value) : value),
  z
    .string({ error: said('validation.address.pincode') })
    .regex(/^\d{6}$/, { error: said('validation.address.pincode'), abort: true })
    .regex(PINCODE_PATTERN, { error: said('validation.address.pincodeZero') }),
);

/** POST and PUT body of a saved address (and what the address form submits). Unknown fields are dropped. */
export const addressInputSchema = z.object(
  {
    label: z.enum(ADDRESS_LABELS, { error: said('validation.address.label') }),
    line1: requiredLine(label('validation.label.line1'), ADDRESS_LINE_MAX_LENGTH),
    line2: optionalLine(label('validation.label.line2'), ADDRESS_LINE_MAX_LENGTH),
    landmark: optionalLine(label('validation.label.landmark'), ADDRESS_LINE_MAX_LENGTH),
    city: requiredLine(label('validation.label.city'), ADDRESS_CITY_MAX_LENGTH),
    state: z.enum(INDIAN_STATES, { error: said('validation.address.state') }),
    pincode,
  },
  { error: said('validation.address.notObject') },
).refine(({ pincode, state }) => pincodeInState(pincode, state), {
  // India Post's regions (pincode-regions.ts): 560001 is Bengaluru's, not Delhi's. Said under the PIN code field
  path: ['pincode'],
  error: (issue) => sayNow('validation.address.pincodeState', { state: (issue.input as { state: string }).state }),
  // as soon as the state and the PIN code are each right, also beside another field's problem (not a missing line, which aborts)
  when: ({ issues }) => !issues.some(({ path = [] }) => path[0] === 'state' || path[0] === 'pincode' || path.length === 0),
});
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
