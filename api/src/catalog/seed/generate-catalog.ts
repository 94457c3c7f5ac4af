import { SERVICE_CATEGORIES, type ServiceCategory } from '@utsav/contracts/schemas';
import { CATEGORY_WORDS } from './categories';
import type { CategoryWords, ItemTemplate, MenuTemplate } from './category-words';
import { CITIES, FIRST_NAMES, LAST_NAMES, type SeedCity } from './cities';
import { averageOf, generateReviews, MAX_SEED_REVIEWS, type SeedReview } from './generate-reviews';
import { Random, seedUuid } from './random';

/** A service as the seed writes it: rupee amounts already turned into paise. */
export interface SeedService {
  id: string;
  providerId: string;
  providerName: string;
  /** the provider's travel terms, for some of those who travel to the event (null: none said) */
  travelTerms: string | null;
  title: string;
  description: string;
  category: ServiceCategory;
  city: string;
  state: string;
  /** the mean of `reviews` (rounded to 0.1), null when there are none */
  averageRating: number | null;
  /** reviews.length */
  reviewCount: number;
  createdAt: Date;
  reviews: SeedReview[];
  images: SeedImage[];
  menus: SeedMenu[];
}

export interface SeedImage {
  id: string;
  role: 'main' | 'sample';
  position: number;
  width: number;
  height: number;
  alt: string;
}

export interface SeedMenu {
  id: string;
  name: string;
  description: string;
  serviceType: string;
  /** paise: the sum of its items */
  price: number;
  expectedDeliveryTime: string;
  isCustom: boolean;
  customOptions: { extraPhotosEnabled: boolean; extraPhotoPrice: number; supportsRevisions: boolean } | null;
  items: { title: string; description: string; quantity: number; price: number }[];
}

export interface GenerateOptions {
  /** the same seed gives the same services, ids included */
  seed: string;
  /** the number of the first service to make (a large catalog is made in batches) */
  start?: number;
  count: number;
  /** created_at is spread over the 240 days before this */
  now: Date;
  /**
   * 'even': categories in turn and every category through every city (the first-start catalog, small but
   * complete); 'random': both picked at random (large catalogs).
   */
  spread?: 'even' | 'random';
}

export const MAIN_IMAGE_SIZE = { width: 800, height: 600 };
export const SAMPLE_IMAGE_SIZE = { width: 600, height: 600 };
const DAY_MS = 86_400_000;
const CREATED_WITHIN_DAYS = 240;

/** Makes services `start` … `start + count - 1` of a catalog. Deterministic: no clock, no Math.random. */
export function generateCatalog({ seed, start = 0, count, now, spread = 'even' }: GenerateOptions): SeedService[] {
  const usedProviderNames = new Set<string>();
  const services: SeedService[] = [];
  for (let number = start; number < start + count; number++) {
    const random = new Random(`${seed}:${number}`);
    const { words, city } = placeService(number, spread, random);
    services.push(makeService({ seed, number, words, city, now, random, usedProviderNames }));
  }
  return services;
}

function placeService(number: number, spread: 'even' | 'random', random: Random): { words: CategoryWords; city: SeedCity } {
  if (spread === 'random') return { words: random.pick(CATEGORY_WORDS), city: random.pick(CITIES) };
  const categoryIndex = number % SERVICE_CATEGORIES.length;
  const round = Math.floor(number / SERVICE_CATEGORIES.length);
  // each category walks through every city, starting at a different one
  const city = CITIES[(round + categoryIndex * 5) % CITIES.length] as SeedCity;
  return { words: CATEGORY_WORDS[categoryIndex] as CategoryWords, city };
}

interface MakeServiceInput {
  seed: string;
  number: number;
  words: CategoryWords;
  city: SeedCity;
  now: Date;
  random: Random;
  usedProviderNames: Set<string>;
}

function makeService({ seed, number, words, city, now, random, usedProviderNames }: MakeServiceInput): SeedService {
  const id = seedUuid(`${seed}:service:${number}`);
  const providerName = makeProviderName(words, random, usedProviderNames);
  const guests = words.perGuest ? roundTo(random.int(...words.perGuest.guests), 25) : 0;
  const fill = filler({
    provider: providerName,
    city: city.city,
    state: city.state,
    area: random.pick(city.areas),
    cuisine: city.cuisine,
    language: city.language,
    years: String(random.int(3, 22)),
    count: String(random.int(6, 90) * 10),
    guests: String(guests),
  });
  const title = fill(random.pick(words.titles));
  const description = [
    random.pick(words.intros),
    ...random.sample(words.details, random.int(1, 2)),
    random.pick(words.closers),
  ]
    .map(fill)
    .join(' ');
  const target = makeRating(random);
  const ageMs = random.float(0, CREATED_WITHIN_DAYS) * DAY_MS;
  const createdAt = new Date(now.getTime() - Math.round(ageMs));
  // their own random stream (keyed by the service id): the catalog's draws are the same as before reviews
  const reviews = generateReviews({
    serviceId: id,
    category: words.category,
    city: city.city,
    createdAt,
    count: target.reviewCount,
    average: target.averageRating ?? 0,
    now,
  });

  return {
    id,
    providerId: seedUuid(`${seed}:provider:${number}`),
    providerName,
    travelTerms: travelTermsFor(words.category, number, city),
    title,
    description,
    category: words.category,
    city: city.city,
    state: city.state,
    averageRating: averageOf(reviews),
    reviewCount: reviews.length,
    createdAt,
    reviews,
    images: makeImages(`${seed}:service:${number}`, words, providerName, city.city, random),
    menus: makeMenus(`${seed}:service:${number}`, words, guests, random, fill),
  };
}

/** The categories whose providers come to the event, and so may travel to another city for it. */
const TRAVELLING: ReadonlySet<ServiceCategory> = new Set(['Photography', 'Catering', 'Makeup', 'Wedding Planning']);

/**
 * Travel terms for one in three travelling providers (by the service's number, not the random stream: the
 * catalog's other draws stay as they were).
 */
function travelTermsFor(category: ServiceCategory, number: number, city: SeedCity): string | null {
  if (!TRAVELLING.has(category) || number % 3 !== 0) return null;
  return number % 2 === 0
    ? `Travels anywhere in India. Outside ${city.city}, travel and stay are charged at cost, agreed before the booking is confirmed.`
    : `Travels within ${city.state} at no extra cost; outside it, return fares and a night's stay for each day of the event.`;
}

function makeProviderName(words: CategoryWords, random: Random, used: Set<string>): string {
  let name = '';
  for (let attempt = 0; attempt < 6; attempt++) {
    name = random.chance(words.personNamed)
      ? `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)} ${random.pick(words.personSuffixes)}`
      : `${random.pick(words.brands)} ${random.pick(words.suffixes)}`;
    if (!used.has(name)) break;
  }
  used.add(name);
  return name;
}

/**
 * What a service's reviews aim at: about one service in nine has none yet; the rest have 1 to
 * MAX_SEED_REVIEWS (log-uniform: many with a few, some with many), averaging mostly 4s, a few 3s, some
 * near-perfect.
 */
function makeRating(random: Random): { averageRating: number | null; reviewCount: number } {
  if (random.chance(0.11)) return { averageRating: null, reviewCount: 0 };
  const reviewCount = Math.round(Math.exp(random.float(Math.log(1), Math.log(MAX_SEED_REVIEWS))));
  // fewer reviews, wider spread
  const spread = reviewCount < 10 ? 0.5 : 0.32;
  const rating = clamp(4.3 + normal(random) * spread, 3.2, 5);
  return { averageRating: Math.round(rating * 10) / 10, reviewCount };
}

function makeImages(key: string, words: CategoryWords, provider: string, city: string, random: Random): SeedImage[] {
  const samples = random.sample(random.shuffle(words.samples), random.int(2, 5));
  return [
    {
      id: seedUuid(`${key}:image:main`),
      role: 'main',
      position: 0,
      ...MAIN_IMAGE_SIZE,
      alt: `${provider}: ${words.category.toLowerCase()} in ${city}`,
    },
    ...samples.map((subject, index) => ({
      id: seedUuid(`${key}:image:${index}`),
      role: 'sample' as const,
      position: index,
      ...SAMPLE_IMAGE_SIZE,
      alt: `${subject}, by ${provider}`,
    })),
  ];
}

function makeMenus(
  key: string,
  words: CategoryWords,
  guests: number,
  random: Random,
  fill: (text: string) => string,
): SeedMenu[] {
  const withCustom = random.chance(words.category === 'Photography' ? 0.45 : 0.28);
  const tiers = random.sample(words.menus, withCustom ? random.int(1, 3) : random.int(2, Math.min(4, words.menus.length)));
  const base = startingPrice(words, guests, random);

  const menus: SeedMenu[] = [];
  let multiplier = 1;
  tiers.forEach((template, index) => {
    if (index > 0) multiplier *= random.float(1.35, 1.8);
    menus.push(makeMenu(`${key}:menu:${index}`, template, base * multiplier, guests, random, fill, null));
  });
  if (withCustom) {
    const custom = words.custom;
    const enabled = custom.extraPhotoPrice !== null && random.chance(0.85);
    const options = {
      extraPhotosEnabled: enabled,
      extraPhotoPrice: enabled && custom.extraPhotoPrice ? roundNice(random.float(...custom.extraPhotoPrice)) * 100 : 0,
      supportsRevisions: random.chance(custom.revisions),
    };
    menus.push(makeMenu(`${key}:menu:custom`, custom, base * random.float(1.1, 2), guests, random, fill, options));
  }
  return menus;
}

function startingPrice(words: CategoryWords, guests: number, random: Random): number {
  const [min, max] = words.startingPrice;
  if (words.perGuest) return clamp(guests * roundTo(random.float(...words.perGuest.plate), 25), min, max);
  // log-uniform: more modest prices than lavish ones
  return Math.exp(random.float(Math.log(min), Math.log(max)));
}

function makeMenu(
  key: string,
  template: MenuTemplate,
  total: number,
  guests: number,
  random: Random,
  fill: (text: string) => string,
  customOptions: SeedMenu['customOptions'],
): SeedMenu {
  const chosen = chooseItems(template.items, random);
  const totalWeight = chosen.reduce((sum, item) => sum + item.weight, 0);
  const items = chosen.map((item) => {
    const quantity = item.quantity === 'guests' ? guests || 100 : typeof item.quantity === 'number' ? item.quantity : random.int(...item.quantity);
    const rupees = item.weight === 0 ? 0 : Math.max(1, roundNice((total * item.weight) / totalWeight / quantity));
    return { title: item.title, description: fill(item.description), quantity, price: rupees * 100 };
  });
  return {
    id: seedUuid(key),
    name: template.name,
    description: fill(template.description),
    serviceType: template.serviceType,
    price: items.reduce((sum, item) => sum + item.quantity * item.price, 0),
    expectedDeliveryTime: random.pick(template.delivery),
    isCustom: customOptions !== null,
    customOptions,
    items,
  };
}

/** Two to six of a package's items, in their order, always with its main (weightiest) one. */
function chooseItems(items: readonly ItemTemplate[], random: Random): ItemTemplate[] {
  const main = items.reduce((best, item) => (item.weight > best.weight ? item : best));
  const others = items.filter((item) => item !== main);
  const picked = new Set([main, ...random.sample(others, random.int(1, Math.min(5, others.length)))]);
  return items.filter((item) => picked.has(item));
}

function filler(values: Record<string, string>): (text: string) => string {
  return (text) => text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** Rupee amounts as people quote them: ₹50s under ₹10,000, ₹500s above, ₹5,000s above a lakh. */
function roundNice(rupees: number): number {
  if (rupees >= 1_00_000) return roundTo(rupees, 5_000);
  if (rupees >= 10_000) return roundTo(rupees, 500);
  if (rupees >= 1_000) return roundTo(rupees, 50);
  if (rupees >= 100) return roundTo(rupees, 10);
  return Math.round(rupees);
}

const roundTo = (value: number, step: number) => Math.max(step, Math.round(value / step) * step);
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** A standard normal draw (Box–Muller). */
function normal(random: Random): number {
  const u = 1 - random.next();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random.next());
}
