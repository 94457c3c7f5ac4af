import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocation, useNavigate } from '@utsav/contracts/router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { ApiError, BOOKING_NOTE_MAX_LENGTH, errorMessage, formatINR, Page, paths, toast, useSession } from '@utsav/contracts';
import { checkoutCart, getCart } from '@utsav/contracts/booking';
import { FormTextField } from '@utsav/contracts/form';
import { checkoutContactSchema, type Cart, type CheckoutContact, type CheckoutContactInput } from '@utsav/contracts/schemas';
import { appliedCoupon, recalledCoupon, rememberCoupon } from '../features/cart/coupon';
import { CartLoader, EmptyCart } from '../features/cart/CartLoader';
import { discountLabel, TotalsBlock } from '../features/cart/TotalsBlock';
import { whoIsBooked } from '../features/cart/who-is-booked';
import { useCheckoutT } from '../i18n';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card component="section" variant="outlined" aria-labelledby={id}>
      <CardContent sx={{ p: 2, '&:last-child': { pb: 2 }, display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography id={id} component="h2" variant="h6" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

const contactResolver = zodResolver(checkoutContactSchema);

function CheckoutForm({ cart, asked, onCart }: { cart: Cart; asked: string | null; onCart: (cart: Cart) => void }) {
  const t = useCheckoutT();
  const session = useSession();
  const navigate = useNavigate();
  const profile = session.status === 'signedIn' && session.profile.status === 'complete' ? session.profile.profile : {};
  const form = useForm<CheckoutContactInput, unknown, CheckoutContact>({
    defaultValues: {
      name: profile.name ?? '',
      email: profile.email ?? '',
      phone: profile.phone ?? (session.status === 'signedIn' ? (session.phone ?? '') : ''),
      requests: '',
    },
    resolver: contactResolver,
    // the messages show on Confirm Booking and go when their field is edited; focus stays on the button
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const submitting = form.formState.isSubmitting;
  // the coupon carried from the cart, as the server priced it now
  const applied = appliedCoupon(cart);

  const submit = async (contact: CheckoutContact) => {
    if (session.status !== 'signedIn') return;
    try {
      // one call books every line in one transaction; the server prices it again and refuses (409, nothing booked)
      // if its total is not the one shown here
      await checkoutCart({ couponCode: applied ?? undefined, requests: contact.requests, expectedTotal: cart.totals.total });
    } catch (error) {
      toast.error(t('checkout.failed', { reason: errorMessage(error) }));
      // a conflict means the cart, a price or the coupon changed: show the cart as the server prices it now
      if (error instanceof ApiError && error.status === 409) {
        const latest = await getCart(undefined, asked).catch(() => null);
        if (latest) onCart(latest);
      }
      return;
    }
    rememberCoupon(null);
    // requests, not bookings yet: each provider answers first (the words match the state)
    toast.success(t('checkout.requestsSent', { count: cart.items.length }));
    navigate(paths.bookings());
  };

  return (
    <Box
      component="form"
      onSubmit={(event) => {
        if (submitting) event.preventDefault();
        else void form.handleSubmit(submit)(event);
      }}
      noValidate
      sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Section id="checkout-contact" title={t('checkout.contact')}>
        <FormTextField form={form} name="name" label={t('checkout.name')} required autoComplete="name" />
        <FormTextField form={form} name="email" label={t('checkout.email')} type="email" required autoComplete="email" />
        <FormTextField form={form} name="phone" label={t('checkout.phone')} type="tel" required autoComplete="tel" />
        <FormTextField
          form={form}
          name="requests"
          label={t('checkout.requests')}
          multiline
          minRows={3}
          slotProps={{ htmlInput: { maxLength: BOOKING_NOTE_MAX_LENGTH } }}
        />
      </Section>

      {/* what the Payment Method section says instead of the spec's sample radio (docs/spec-deviations.md) */}
      <Section id="checkout-method" title={t('checkout.method')}>
        <Typography variant="body2">{t('checkout.methodText')}</Typography>
      </Section>

      <Section id="checkout-summary" title={t('checkout.summary')}>
        {cart.coupon && !cart.coupon.applied && (
          <Alert severity="warning" role="status">
            {t('checkout.couponNotApplied', { code: cart.coupon.code, message: cart.coupon.message ?? '' })}
          </Alert>
        )}
        <Box component="ul" aria-label={t('checkout.bookings')} sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
          {cart.items.map((item) => (
            <Box component="li" key={item.cartItemId} sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                {item.title}
                <Typography component="span" variant="caption" sx={{ display: 'block', color: 'text.secondary' }}>
                  {whoIsBooked(t, item)}
                </Typography>
                {item.pricing.discount > 0 && (
                  <Typography component="span" variant="caption" sx={{ display: 'block', color: 'success.main' }}>
                    {t('checkout.itemPrice', {
                      price: formatINR(item.pricing.listAmount),
                      discount: discountLabel(t, applied),
                      amount: formatINR(item.pricing.discount),
                    })}
                  </Typography>
                )}
              </Typography>
              <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
                {formatINR(item.pricing.amount)}
              </Typography>
            </Box>
          ))}
        </Box>
        <TotalsBlock totals={cart.totals} couponCode={applied} />
      </Section>

      <Typography variant="body2" id="checkout-explain">
        {t('checkout.explain')}
      </Typography>
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        disabled={submitting}
        aria-describedby="checkout-explain"
        startIcon={submitting ? <CircularProgress size={20} color="inherit" aria-hidden /> : undefined}
        sx={{ minHeight: 48 }}
      >
        {t(submitting ? 'checkout.confirming' : 'checkout.confirm')}
      </Button>
    </Box>
  );
}

/** /checkout (spec §2 Checkout): contact form, how payment works, the server's order summary and 'Confirm Booking'. */
export default function CheckoutPage() {
  const t = useCheckoutT();
  const location = useLocation();
  // the coupon applied in the cart; the server prices the cart with it again
  const [asked] = useState(() => recalledCoupon(location.state));
  return (
    <Page title={t('checkout.title')}>
      <CartLoader coupon={asked} loadingLabel={t('checkout.loading')} skeletons={[280, 160]}>
        {(cart, onCart) => (cart.items.length === 0 ? <EmptyCart /> : <CheckoutForm cart={cart} asked={asked} onCart={onCart} />)}
      </CartLoader>
    </Page>
  );
}
