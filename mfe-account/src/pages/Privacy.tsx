import { Bullets, LegalPage, LegalSection, P, SupportEmail } from '../features/legal/LegalPage';

/**
 * /privacy: what Utsav stores, why, who sees it, how long, and what deleting the account removes. Every
 * statement here follows the code: api/migrations/*.sql (what is stored) and
 * api/src/users/account-deletion.ts (what deletion removes and keeps). Change the text when they change.
 */
export default function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      summary={
        <>
          Utsav keeps what it needs to sign you in, book services for you and take the advance: your phone
          number, your profile, your saved addresses, your cart, your bookings and the record of your payments.
          It never sees your card, UPI or bank details, and it does not sell your data or show ads.
        </>
      }
    >
      <LegalSection title="1. What we store">
        <Bullets
          items={[
            <>
              <strong>Phone number.</strong> You sign in with a code sent to your phone. The number you verified is
              stored with your profile; it is your identity here, so it cannot be changed in the app.
            </>,
            <>
              <strong>Profile.</strong> Your name, email address, age, gender, the kind of service you said you are
              looking for (if you did not skip it), your notification choices (email, SMS, push) and, if you add
              one, a profile photo. Photos are re-encoded before they are kept, which removes hidden data such as
              the location a camera writes into a picture.
            </>,
            <>
              <strong>Saved addresses.</strong> The places where you want services delivered (label, address
              lines, landmark, city, state, PIN code).
            </>,
            <>
              <strong>Cart.</strong> The packages you put in your cart, with their dates, times and your notes.
            </>,
            <>
              <strong>Bookings.</strong> For each booking request: the service, package and provider, the dates and
              times, the address it is for, your note, the price, its status (requested, accepted, confirmed,
              failed, cancelled) and a history of every change to it — when, and who made it (you, the provider or
              the payment system). Your name and email are copied onto each booking.
            </>,
            <>
              <strong>Payments.</strong> The Razorpay order and payment ids, the amount, whether it succeeded, the
              kind of method (card, UPI, netbanking…), Razorpay&apos;s error message if it failed, and any refund.
              Never your card number, UPI id or bank details: you enter those in Razorpay&apos;s own checkout, and
              they go to Razorpay, not to us.
            </>,
            <>
              <strong>Server logs.</strong> Our servers log each request they receive (time, the address it came
              from, what was asked, and the answer) to keep the service running and to stop abuse.
            </>,
            <>
              <strong>On your device.</strong> Your browser keeps your signed-in session until you sign out.
            </>,
          ]}
        />
      </LegalSection>

      <LegalSection title="2. Why">
        <P>
          To sign you in, to show you your account, to send your booking requests to providers, to take the advance
          when a provider accepts, to refund money that should not have been taken, and to keep a record of what was
          booked and paid. We do not use your data for advertising and we do not sell it.
        </P>
      </LegalSection>

      <LegalSection title="3. Who sees it">
        <Bullets
          items={[
            <>
              <strong>The provider</strong> of a booking sees that booking: your name and email, the package, the
              dates and times, the address and your note. Providers do not see your phone number, your other
              bookings or your payment details.
            </>,
            <>
              <strong>Firebase Authentication</strong> (Google) sends the sign-in code to your phone and holds the
              sign-in account for your number.
            </>,
            <>
              <strong>Razorpay</strong> processes your payments and refunds.
            </>,
            <>Nobody else, unless the law requires us to share it.</>,
          ]}
        />
      </LegalSection>

      <LegalSection title="4. How long we keep it, and deleting your account">
        <P>
          We keep your data while you have an account. You can change your profile and addresses in My Account at any
          time. A photo you upload but do not use is deleted after a day.
        </P>
        <P>
          To delete your account, open My Account → Settings → Delete my account. This signs you out everywhere and
          then:
        </P>
        <Bullets
          items={[
            'deletes your profile, your photos, your saved addresses, your cart and your sign-in account;',
            'cancels booking requests that are not paid yet;',
            <>
              keeps your bookings for the providers&apos; records and our accounts, but cut off from you: your name
              becomes &ldquo;Deleted user&rdquo;, your email, note and the booking&apos;s address are erased, and the
              link to your account is replaced by a random marker;
            </>,
            'keeps the payment records of those bookings (ids, amounts, status, refunds), which we need for accounting and refunds.',
          ]}
        />
      </LegalSection>

      <LegalSection title="5. Contact">
        <P>
          Questions about your data, or a request to see or correct it: write to <SupportEmail />.
        </P>
      </LegalSection>
    </LegalPage>
  );
}
