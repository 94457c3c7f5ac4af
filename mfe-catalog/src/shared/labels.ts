import type { ServiceCategory, ServiceSort } from '@utsav/contracts/schemas';
import type { CatalogMessage } from '../i18n';

/** Each category's name in the catalogue (the API's value stays the English name). */
export const CATEGORY_NAMES: Record<ServiceCategory, CatalogMessage> = {
  Photography: 'category.photography',
  Catering: 'category.catering',
  Makeup: 'category.makeup',
  Venues: 'category.venues',
  Haircut: 'category.haircut',
  Massage: 'category.massage',
  Facial: 'category.facial',
  'Manicure/Pedicure': 'category.manicurePedicure',
  'Personal Training': 'category.personalTraining',
  Tutoring: 'category.tutoring',
  'Wedding Planning': 'category.weddingPlanning',
};

/** Each sort's name in the catalogue (the English ones are the contracts' SERVICE_SORT_LABELS). */
export const SORT_NAMES: Record<ServiceSort, CatalogMessage> = {
  relevance: 'sort.relevance',
  popular: 'sort.popular',
  newest: 'sort.newest',
  price_asc: 'sort.priceAsc',
  price_desc: 'sort.priceDesc',
  rating: 'sort.rating',
};
