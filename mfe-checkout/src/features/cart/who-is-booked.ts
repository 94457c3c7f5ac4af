import type { Translate } from '@utsav/contracts';
import { titleNamesProvider, type CartItem } from '@utsav/contracts/schemas';
import type { CheckoutMessage } from '../../i18n';

/** Who a cart line books: the service, and its provider unless the title already names them (as the invoice does). */
export const whoIsBooked = (t: Translate<CheckoutMessage>, { serviceTitle, providerName }: Pick<CartItem, 'serviceTitle' | 'providerName'>): string =>
  titleNamesProvider(serviceTitle, providerName) ? serviceTitle : t('cart.item.who', { service: serviceTitle, provider: providerName });
