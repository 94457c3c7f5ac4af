import { Bullets, EMAIL, LegalPage, LegalSection, P, PRIVACY_UPDATED, Rich } from '../features/legal/LegalPage';
import { useLegalT, type LegalMessage } from '../features/legal/i18n';

/** What is stored, each a bold name and its details (privacy.store.*). */
const STORED: LegalMessage[] = [
  'privacy.store.phone',
  'privacy.store.profile',
  'privacy.store.addresses',
  'privacy.store.cart',
  'privacy.store.bookings',
  'privacy.store.payments',
  'privacy.store.logs',
  'privacy.store.device',
];

/** Who sees it (privacy.sees.*). */
const SEEN_BY: LegalMessage[] = ['privacy.sees.provider', 'privacy.sees.firebase', 'privacy.sees.razorpay', 'privacy.sees.nobodyElse'];

/**
 * /privacy: what Utsav stores, why, who sees it, how long, and what deleting the account removes. Every
 * statement here follows the code: api/migrations/*.sql (what is stored) and
 * api/src/users/account-deletion.ts (what deletion removes and keeps). Change the text when they change.
 */
export default function PrivacyPage() {
  const t = useLegalT();
  return (
    <LegalPage title={t('privacy.title')} updated={PRIVACY_UPDATED} summary={t('privacy.summary')}>
      <LegalSection title={t('privacy.store.title')}>
        <Bullets items={STORED.map((id) => <Rich key={id} text={t(id)} />)} />
      </LegalSection>

      <LegalSection title={t('privacy.why.title')}>
        <P>{t('privacy.why.body')}</P>
      </LegalSection>

      <LegalSection title={t('privacy.sees.title')}>
        <Bullets items={SEEN_BY.map((id) => <Rich key={id} text={t(id)} />)} />
      </LegalSection>

      <LegalSection title={t('privacy.keep.title')}>
        <P>{t('privacy.keep.body')}</P>
        <P>{t('privacy.keep.howToDelete')}</P>
        <Bullets items={[t('privacy.keep.deletes'), t('privacy.keep.cancels'), t('privacy.keep.bookings'), t('privacy.keep.payments')]} />
      </LegalSection>

      <LegalSection title={t('privacy.contact.title')}>
        <P>
          <Rich text={t('privacy.contact.body', { email: EMAIL })} />
        </P>
      </LegalSection>
    </LegalPage>
  );
}
