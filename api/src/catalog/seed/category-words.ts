import type { ServiceCategory } from '@utsav/contracts/schemas';

/**
 * The words a category's services are made of. Texts may use the placeholders {provider}, {city},
 * {area}, {state}, {cuisine}, {language}, {years}, {count} and {guests}.
 */
export interface CategoryWords {
  category: ServiceCategory;
  /** the cheapest package of a service, in rupees; dearer ones cost up to about 3× more */
  startingPrice: readonly [number, number];
  /** catering is priced per plate: the starting price is guests × plate (both in rupees) */
  perGuest?: { guests: readonly [number, number]; plate: readonly [number, number] };
  /** business names are "{brand} {suffix}", or "{first} {last} {personSuffix}" for founder-named ones */
  brands: readonly string[];
  suffixes: readonly string[];
  personSuffixes: readonly string[];
  /** the chance a business is named after its founder */
  personNamed: number;
  titles: readonly string[];
  /** a description is one intro, one or two details and one closer */
  intros: readonly string[];
  details: readonly string[];
  closers: readonly string[];
  /** what the work samples show (their alt text) */
  samples: readonly string[];
  /** the packages, cheapest tier first; a service offers some of them in this order */
  menus: readonly MenuTemplate[];
  /** the made-to-order package some services add */
  custom: CustomMenuTemplate;
}

export interface MenuTemplate {
  name: string;
  serviceType: string;
  description: string;
  /** one is picked */
  delivery: readonly string[];
  /** two to six are picked, in this order */
  items: readonly ItemTemplate[];
}

export interface CustomMenuTemplate extends MenuTemplate {
  /** per extra photo, in rupees; null when the package has no extra photos (disabled, price 0) */
  extraPhotoPrice: readonly [number, number] | null;
  /** the chance revisions are supported */
  revisions: number;
}

export interface ItemTemplate {
  title: string;
  description: string;
  /** a number, a [min, max] range, or 'guests' (the service's guest count) */
  quantity: number | readonly [number, number] | 'guests';
  /** the item's share of the package price; 0 makes it complimentary */
  weight: number;
}
