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

/** Old and other names people write for a city, as the catalog names it. */
const CITY_ALIASES: Readonly<Record<string, string>> = {
  bangalore: 'bengaluru',
  bombay: 'mumbai',
  calcutta: 'kolkata',
  madras: 'chennai',
  gurgaon: 'gurugram',
  'new delhi': 'delhi',
  poona: 'pune',
  mysore: 'mysuru',
  trivandrum: 'thiruvananthapuram',
  cochin: 'kochi',
  baroda: 'vadodara',
  secunderabad: 'hyderabad',
};

const cityKey = (city: string) => {
  const key = city.trim().toLowerCase().replace(/\s+/g, ' ');
  return CITY_ALIASES[key] ?? key;
};

/** Do two city names name the same city ('Bangalore' and ' bengaluru', 'New Delhi' and 'Delhi')? */
export function sameCity(a: string, b: string): boolean {
  return cityKey(a) === cityKey(b);
}
