import * as z from './zod';
import { addressIdSchema, dateRangeSchema, timeRangeSchema } from './booking';
import { addressSnapshotSchema } from './address';
import { BOOKING_NOTE_MAX_LENGTH } from '../constants';

/** The signed-in user's server-side cart (spec §3 Cart): a selection kept for later. Integer paise. */
export const cartItemSchema = z.object({
  cartItemId: z.string(),
  serviceId: z.string(),
  menuId: z.string(),
  /** the package (menu) name */
  title: z.string(),
  quantity: z.number().int().positive(),
  /** price of one, integer paise, from the menu */
  price: z.number().int().nonnegative(),
  currency: z.literal('INR'),
  preferredDateRange: dateRangeSchema,
  preferredTime: timeRangeSchema,
  note: z.string(),
  /** where the service happens: the saved address as it is now; null only for items older than addresses */
  addressId: z.string().nullable(),
  address: addressSnapshotSchema.nullable(),
});
export type CartItem = z.infer<typeof cartItemSchema>;

export const cartSchema = z.object({
  cartId: z.string(),
  consumerId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  items: z.array(cartItemSchema),
});
export type Cart = z.infer<typeof cartSchema>;

/** POST /cart/items body: the slot page's selection. Price and title come from the menu. */
export const cartItemCreateSchema = z.object({
  serviceId: z.string().min(1, 'serviceId is required'),
  menuId: z.string().min(1, 'menuId is required'),
  quantity: z.number().int().min(1).max(10).default(1),
  preferredDateRange: dateRangeSchema,
  preferredTime: timeRangeSchema,
  note: z.string().max(BOOKING_NOTE_MAX_LENGTH).default(''),
  /** one of the consumer's saved addresses; a booking made from the item is for it */
  addressId: addressIdSchema,
});
export type CartItemCreate = z.input<typeof cartItemCreateSchema>;
