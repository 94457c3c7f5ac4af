import Alert from '@mui/material/Alert';
import { sameCity } from '@utsav/contracts/address-format';
import type { Address, ServiceCategory, ServiceDetail } from '@utsav/contracts/schemas';
import { useBookingT, type BookingMessage } from '../../i18n';

/** The notice's id: Book Now and Add to Cart are described by it while it shows. */
export const PROVIDER_AWAY_ID = 'slot-provider-away';

/** Who does the work, by the service's category ('This photographer is based in Hyderabad'). */
const PROVIDER_WORDS: Readonly<Record<ServiceCategory, BookingMessage>> = {
  Photography: 'away.who.photography',
  Catering: 'away.who.catering',
  Makeup: 'away.who.makeup',
  Venues: 'away.who.venues',
  Haircut: 'away.who.haircut',
  Massage: 'away.who.massage',
  Facial: 'away.who.facial',
  'Manicure/Pedicure': 'away.who.manicurePedicure',
  'Personal Training': 'away.who.personalTraining',
  Tutoring: 'away.who.tutoring',
  'Wedding Planning': 'away.who.weddingPlanning',
};

/** Is the service based in another city than the chosen address? */
export function isProviderAway(service: ServiceDetail | undefined, address: Address | null): service is ServiceDetail {
  return service !== undefined && address !== null && !sameCity(service.location.city, address.city);
}

/**
 * Before Book Now (issue 39, item 7c): a provider based in another city than the chosen address says so, with the
 * provider's travel terms when they have any.
 */
export function ProviderAwayNotice({ service, address }: { service: ServiceDetail | undefined; address: Address | null }) {
  const t = useBookingT();
  if (!isProviderAway(service, address) || address === null) return null;
  const who = (PROVIDER_WORDS as Partial<Record<string, BookingMessage>>)[service.category] ?? 'away.who.provider';
  const travelTerms = service.provider.travelTerms?.trim();
  return (
    <Alert severity="warning" id={PROVIDER_AWAY_ID} role="status">
      {t('away.based', { who: t(who), city: service.location.city, addressCity: address.city })}{' '}
      {travelTerms ? t('away.travelTerms', { terms: travelTerms }) : t('away.noTravelTerms')}
    </Alert>
  );
}
