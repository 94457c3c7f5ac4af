import {
  BOOKING_ADVANCE_BPS,
  formatINR,
  GST_ON_FEE_BPS,
  paymentBreakdown,
  percentLabel,
  PLATFORM_FEE_BPS,
} from '@utsav/contracts';
import { Bullets, LegalPage, LegalSection, P, SupportEmail } from '../features/legal/LegalPage';

/** The worked example's booking amount: ₹10,000 (in paise). */
const EXAMPLE_AMOUNT = 1_000_000;

/**
 * /terms: what Utsav is, how a booking and its advance work, cancellations and refunds, conduct and
 * liability, in plain words. The money rules are the contracts' (paymentBreakdown, the same rates the
 * server charges); the refund rules are api/src/payments/payment-rules.ts and the booking state machine.
 */
export default function TermsPage() {
  const advance = percentLabel(BOOKING_ADVANCE_BPS);
  const example = paymentBreakdown(EXAMPLE_AMOUNT);
  return (
    <LegalPage
      title="Terms of Service"
      summary={
        <>
          Utsav is a marketplace: it helps you find wedding and personal services and send booking requests to the
          providers who offer them. The providers deliver the services. You pay a {advance} advance online once a
          provider accepts, and the rest to the provider after the service.
        </>
      }
    >
      <LegalSection title="1. What Utsav is">
        <P>
          Utsav lists services offered by independent providers (photographers, caterers, make-up artists, venues and
          others), passes your booking requests to them and takes the advance for them. Utsav does not perform the
          services itself: the provider you book is responsible for delivering what their package describes.
        </P>
        <P>By signing in and using Utsav you agree to these terms.</P>
      </LegalSection>

      <LegalSection title="2. Your account">
        <P>
          You sign in with your own mobile number and a one-time code. Keep your phone safe: whoever can receive its
          codes can use your account. Give your real name and email, as providers use them to know who booked.
        </P>
      </LegalSection>

      <LegalSection title="3. Booking requests">
        <P>
          When you book a package you choose the dates, times and address, and send a request. A request is not yet
          a booking: the provider accepts or declines it. Nothing is charged for a request, and nothing is charged
          if the provider declines it.
        </P>
      </LegalSection>

      <LegalSection title="4. The advance">
        <P>
          Once the provider accepts, you pay online, through Razorpay, an advance of {advance} of the booking
          amount, plus a platform fee of {percentLabel(PLATFORM_FEE_BPS)} of the advance, plus GST at{' '}
          {percentLabel(GST_ON_FEE_BPS)} on that fee. The Order Summary shows each figure before you pay. For a{' '}
          {formatINR(example.total)} booking that is {formatINR(example.advance)} + {formatINR(example.platformFee)}{' '}
          + {formatINR(example.gst)} = {formatINR(example.payNow)} now, and {formatINR(example.remaining)} to the
          provider after the service is completed.
        </P>
        <P>
          The booking is confirmed when the payment is received. If a payment fails, the booking says so and you can
          try again.
        </P>
      </LegalSection>

      <LegalSection title="5. Cancellations and refunds">
        <Bullets
          items={[
            'You can cancel an accepted booking in My Bookings until you pay it; nothing is charged. A request still waiting for the provider’s answer cannot be cancelled in the app.',
            <>
              A confirmed (paid) booking cannot be cancelled in the app, and its advance, platform fee and GST are not
              refunded through the app. If the provider cannot deliver, write to <SupportEmail /> and we will take it
              up with them.
            </>,
            <>
              If money is taken that should not have been — for a booking that was cancelled, already paid or could
              no longer be paid, or an amount other than the one asked — we refund all of it to the way you paid,
              through Razorpay, without you having to ask.
            </>,
            'Deleting your account cancels your requests and accepted bookings that are not paid yet.',
          ]}
        />
      </LegalSection>

      <LegalSection title="6. How to behave">
        <Bullets
          items={[
            'Book only what you mean to use, with true details.',
            'Treat providers and their staff with respect.',
            'Do not try to break, overload or get around the app, or use someone else’s account or phone number.',
          ]}
        />
        <P>We may suspend an account that breaks these rules.</P>
      </LegalSection>

      <LegalSection title="7. Liability">
        <P>
          Utsav is responsible for the app working as described and for charging exactly what the Order Summary
          shows. The provider is responsible for the service itself: its quality, timing and safety. We check what we
          can, but we cannot promise that every provider performs well, and we are not liable for losses caused by a
          provider. Nothing in these terms takes away your rights under Indian consumer law.
        </P>
      </LegalSection>

      <LegalSection title="8. Changes and contact">
        <P>
          When these terms change, the date at the top changes. They are governed by the laws of India. Questions:{' '}
          <SupportEmail />.
        </P>
      </LegalSection>
    </LegalPage>
  );
}
