/** The parts of an address a line is made of (a saved address, a booking's or a cart item's copy). */
export interface AddressLineParts {
  line1: string;
  line2?: string;
  landmark?: string;
  city: string;
  state: string;
  pincode: string;
}

/**
 * An address on one line, the one way every page writes it:
 * '12 MG Road, Indiranagar, Bengaluru, Karnataka 560038' (empty parts left out).
 */
export function formatAddress(address: AddressLineParts): string {
  const parts = [address.line1, address.line2, address.landmark, address.city].map((part) => part?.trim() ?? '').filter(Boolean);
  const region = [address.state.trim(), address.pincode.trim()].filter(Boolean).join(' ');
  return [...parts, region].filter(Boolean).join(', ');
}
