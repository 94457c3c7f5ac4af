import { useCallback, useEffect, useRef, useState } from 'react';
import { useTheme } from '@mui/material/styles';
import { useNavigate } from '@utsav/contracts/router';
import { paths, toast, useSession } from '@utsav/contracts';
import type { Booking } from '@utsav/contracts/schemas';
import { createPaymentOrder, getPaymentConfig, verifyPayment } from '@utsav/contracts/payment';
import { useCheckoutT } from '../../i18n';
import { loadScript } from '../../shared/load-script';

/** idle: the button can be pressed; preparing: script + order on their way; open: the provider's checkout is showing. */
export type PaymentPhase = 'idle' | 'preparing' | 'open';

/**
 * Spec §4 Payment: load the provider script, create the order, open checkout, verify on completion,
 * then go to /payment-status?status=success or failure.
 */
export function usePayment(booking: Booking | undefined) {
  const t = useCheckoutT();
  const session = useSession();
  const brand = useTheme().palette.primary.main;
  const navigate = useNavigate();
  const [phase, setPhase] = useState<PaymentPhase>('idle');
  // a ref as well as state: two clicks in one frame must not start two payments
  const busy = useRef(false);
  // the provider's checkout while it is open, and whether the page is still shown
  const checkout = useRef<RazorpayInstance | null>(null);
  const mounted = useRef(true);

  // Leaving the page (Back, a tab, a link) closes the checkout with it: nothing can be paid from a page that
  // is gone. A payment the provider completed anyway is recorded by its webhook (POST /payment/webhook) and
  // shown in My Bookings by the live stream.
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      const open = checkout.current;
      checkout.current = null;
      busy.current = false;
      open?.close();
    };
  }, []);

  const release = useCallback(() => {
    busy.current = false;
    checkout.current = null;
    if (mounted.current) setPhase('idle');
  }, []);
  /** Goes on from the payment's result only while this page is shown: a page that was left stays left. */
  const goTo = useCallback(
    (to: string) => {
      checkout.current = null;
      if (mounted.current) navigate(to);
    },
    [navigate],
  );

  const pay = useCallback(async () => {
    if (!booking || busy.current || session.status !== 'signedIn') return;
    busy.current = true;
    setPhase('preparing');
    const bid = booking.bookingId;

    try {
      const config = await getPaymentConfig();
      await loadScript(config.checkoutUrl);
      if (!window.Razorpay) throw new Error('Razorpay is not defined');
    } catch {
      if (mounted.current) toast.error(t('payment.sdkFailed'));
      release();
      return;
    }
    if (!mounted.current) return release();

    let order;
    try {
      order = await createPaymentOrder({
        userId: session.uid,
        bookingId: bid,
        // the server's figure (it computes the order's amount itself and ignores this)
        amount: booking.payment.payNow,
        currency: 'INR',
      });
    } catch {
      if (mounted.current) toast.error(t('payment.orderFailed'));
      release();
      return;
    }
    // left while the order was being made: no checkout opens over another page
    if (!mounted.current) return release();

    const profile = session.profile.status === 'complete' ? session.profile.profile : {};
    const failure = (message?: string) =>
      paths.paymentStatus({ status: 'failure', amount: order.amount, orderId: order.id, bid, message });

    const Razorpay = window.Razorpay!;
    const rzp = new Razorpay({
      key: order.keyId,
      order_id: order.id,
      amount: order.amount,
      currency: order.currency,
      name: t('payment.merchant'),
      description: booking.menuName,
      prefill: { name: profile.name ?? '', email: profile.email ?? '', contact: profile.phone ?? session.phone ?? '' },
      // the provider's default blue is too light for its white text (3.2:1); ours reads at 7:1+
      theme: { color: brand },
      handler: async (response) => {
        try {
          const result = await verifyPayment(response);
          if (result.status) {
            goTo(
              paths.paymentStatus({
                status: 'success',
                amount: order.amount,
                paymentId: response.razorpay_payment_id,
                orderId: order.id,
                bid,
              }),
            );
          } else {
            // spec §8: verification returns no status → failure payment page
            goTo(failure());
          }
        } catch {
          if (mounted.current) toast.error(t('payment.verifyFailed'));
          goTo(failure());
        }
      },
      modal: { ondismiss: release },
    });
    rzp.on('payment.failed', (response) => goTo(failure(response.error?.description)));
    checkout.current = rzp;
    setPhase('open');
    rzp.open();
  }, [booking, session, goTo, release, brand, t]);

  return { pay, phase };
}
