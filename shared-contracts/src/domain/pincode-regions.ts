import type { IndianState } from './schemas/address';

/**
 * Which PIN codes belong to which state or union territory (issue 39, item 7b): India Post's public
 * allocation, by the first two or three digits (its postal circles and their sorting districts).
 *
 * Accurate where the allocation is clear; lenient where a range is shared or a boundary moved: a prefix
 * split between two states is allowed for both (Uttar Pradesh / Uttarakhand in 244–263, Bihar /
 * Jharkhand in 81–83, Punjab / Chandigarh in 160, Gujarat / Daman in 396, Andhra Pradesh's mandals
 * with Telangana's 507, …). 9xxxxx (the Army Post Office) belongs to no state.
 */
export const PIN_PREFIXES: Readonly<Record<IndianState, readonly string[]>> = {
  Delhi: ['11'],
  Haryana: ['12', '13'],
  Punjab: ['14', '15', '160'],
  Chandigarh: ['160'],
  'Himachal Pradesh': ['17'],
  'Jammu and Kashmir': ['18', '19'],
  Ladakh: ['194'],
  'Uttar Pradesh': ['20', '21', '22', '23', '24', '25', '26', '27', '28'],
  Uttarakhand: ['244', '246', '247', '248', '249', '262', '263'],
  Rajasthan: ['30', '31', '32', '33', '34'],
  Gujarat: ['36', '37', '38', '39'],
  'Dadra and Nagar Haveli and Daman and Diu': ['396', '362'],
  // 403 is Goa's alone
  Maharashtra: ['400', '401', '402', '41', '42', '43', '44'],
  Goa: ['403'],
  'Madhya Pradesh': ['45', '46', '47', '48'],
  Chhattisgarh: ['49'],
  Telangana: ['50'],
  'Andhra Pradesh': ['507', '51', '52', '53'],
  Karnataka: ['56', '57', '58', '59'],
  'Tamil Nadu': ['60', '61', '62', '63', '64'],
  // Puducherry 605, Karaikal 609, Mahe 673, Yanam 533
  Puducherry: ['605', '609', '673', '533'],
  Kerala: ['67', '68', '69'],
  Lakshadweep: ['682'],
  // 737 is Sikkim's, 744 the Andaman and Nicobar Islands'
  'West Bengal': ['70', '71', '72', '730', '731', '732', '733', '734', '735', '736', '741', '742', '743'],
  Sikkim: ['737'],
  'Andaman and Nicobar Islands': ['744'],
  Odisha: ['75', '76', '77'],
  Assam: ['78'],
  'Arunachal Pradesh': ['790', '791', '792'],
  Meghalaya: ['793', '794'],
  Manipur: ['795'],
  Mizoram: ['796'],
  Nagaland: ['797', '798'],
  Tripura: ['799'],
  Bihar: ['80', '81', '82', '83', '84', '85'],
  Jharkhand: ['81', '82', '83'],
};

/** Is this 6-digit PIN code one of the state's (or union territory's)? */
export function pincodeInState(pincode: string, state: IndianState): boolean {
  return PIN_PREFIXES[state].some((prefix) => pincode.startsWith(prefix));
}
