import {
  BOOKING_ADVANCE_BPS,
  formatINR,
  GST_ON_FEE_BPS,
  paymentBreakdown,
  percentLabel,
  PLATFORM_FEE_BPS,
} from '@utsav/contracts';
import { Bullets, EMAIL, LegalPage, LegalSection, P, Rich, TERMS_UPDATED } from '../features/legal/LegalPage';
import { useLegalT } from '../features/legal/i18n';

/** The worked example's booking amount: ₹10,000 (in paise). */
const EXAMPLE_AMOUNT = 1_000_000;

/**
 * /terms: what Utsav is, how a booking and its advance work, cancellations and refunds, conduct and
 * liability, in plain words. The money rules are the contracts' (paymentBreakdown, the same rates the
 * server charges); the refund rules are api/src/payments/payment-rules.ts and the booking state machine.
 */
export default function TermsPage() {
  const t = useLegalT();
  const advance = percentLabel(BOOKING_ADVANCE_BPS);
  const example = paymentBreakdown(EXAMPLE_AMOUNT);
  return (
    <LegalPage title={t('terms.title')} updated={TERMS_UPDATED} summary={t('terms.summary', { advance })}>
      <LegalSection title={t('terms.what.title')}>
        <P>{t('terms.what.body')}</P>
        <P>{t('terms.what.agree')}</P>
      </LegalSection>

      <LegalSection title={t('terms.account.title')}>
        <P>{t('terms.account.body')}</P>
      </LegalSection>

      <LegalSection title={t('terms.requests.title')}>
        <P>{t('terms.requests.body')}</P>
      </LegalSection>

      <LegalSection title={t('terms.advance.title')}>
        <P>
          {t('terms.advance.body', {
            advance,
            fee: percentLabel(PLATFORM_FEE_BPS),
            gst: percentLabel(GST_ON_FEE_BPS),
            total: formatINR(example.total),
            advanceAmount: formatINR(example.advance),
            feeAmount: formatINR(example.platformFee),
            gstAmount: formatINR(example.gst),
            payNow: formatINR(example.payNow),
            remaining: formatINR(example.remaining),
          })}
        </P>
        <P>{t('terms.advance.confirmed')}</P>
      </LegalSection>

      <LegalSection title={t('terms.cancel.title')}>
        <Bullets
          items={[
            t('terms.cancel.accepted'),
            <Rich key="paid" text={t('terms.cancel.paid', { email: EMAIL })} />,
            t('terms.cancel.wrongCharge'),
            t('terms.cancel.deleting'),
          ]}
        />
      </LegalSection>

      <LegalSection title={t('terms.conduct.title')}>
        <Bullets items={[t('terms.conduct.truthful'), t('terms.conduct.respect'), t('terms.conduct.noAbuse')]} />
        <P>{t('terms.conduct.suspend')}</P>
      </LegalSection>

      <LegalSection title={t('terms.liability.title')}>
        <P>{t('terms.liability.body')}</P>
      </LegalSection>

      <LegalSection title={t('terms.changes.title')}>
        <P>
          <Rich text={t('terms.changes.body', { email: EMAIL })} />
        </P>
      </LegalSection>
    </LegalPage>
  );
}
