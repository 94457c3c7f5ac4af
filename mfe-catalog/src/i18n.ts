import { registerMessages, translate, useT, type MessageValues } from '@utsav/contracts';
import en from './locales/en-IN.json';

/** The catalog's own strings (Home, Search, the service and package pages); each app registers its own. */
registerMessages('catalog', { en, hi: () => import(/* webpackChunkName: "catalog-hi-IN" */ './locales/hi-IN.json') });

export type CatalogMessage = keyof typeof en;
export const useCatalogT = () => useT<CatalogMessage>('catalog');

/** Outside React (a toast from a failed request's onError): a catalog message in the page's current language. */
export const translateCatalog = (id: CatalogMessage, values?: MessageValues): string => translate('catalog', id, values);
