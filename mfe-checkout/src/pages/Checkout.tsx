import { useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { useLocation, useNavigate } from '@utsav/contracts/router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { BOOKING_NOTE_MAX_LENGTH, checkoutTotals, errorMessage, formatINR, Page, paths, toast, useApi, useSession, visuallyHidden } from '@utsav/contracts';
import { createBooking, getCart } from '@utsav/contracts/booking';
import { bookingCreatePayload } from '@utsav/contracts/booking-request';
import { getOffers } from '@utsav/contracts/payment';
import type { Cart, CartItem } from '@utsav/contracts/schemas';
import { findOffer, recalledCoupon, rememberCoupon, subtotalOf } from '../features/cart/coupon';
import { PAYMENT_METHODS, validateContact, type ContactErrors, type ContactForm, type PaymentMethod } from '../features/cart/checkoutForm';
import { CartLoader, EmptyCart } from '../features/cart/CartLoader';
import { TotalsBlock } from '../features/cart/TotalsBlock';

/** The item's own note and the form's special requests (the payload cuts it to the booking note's limit). */
function noteFor(item: CartItem, requests: string): string {
  return [item.note.trim(), requests.trim()].filter(Boolean).join('\n\n');
}

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

function CheckoutForm({ cart, onCart }: { cart: Cart; onCart: (cart: Cart) => void }) {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const offers = useApi((signal) => getOffers(signal), []);
  const profile = session.status === 'signedIn' && session.profile.status === 'complete' ? session.profile.profile : {};
  const [form, setForm] = useState<ContactForm>({
    name: profile.name ?? '',
    email: profile.email ?? '',
    phone: profile.phone ?? (session.status === 'signedIn' ? (session.phone ?? '') : ''),
    requests: '',
  });
  const [errors, setErrors] = useState<ContactErrors>({});
  const [method, setMethod] = useState<PaymentMethod>('card');
  const [submitting, setSubmitting] = useState(false);

  const subtotal = subtotalOf(cart.items);
  // the coupon applied in the cart, checked again against the same rule
  const coupon = recalledCoupon(location.state);
  const offer = coupon && offers.status === 'success' ? findOffer(coupon, offers.data, subtotal) : null;
  const totals = checkoutTotals(subtotal, offer);

  const field = (key: keyof ContactForm) => ({
    value: form[key],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      setForm((current) => ({ ...current, [key]: event.target.value }));
      if (key in errors) setErrors((current) => ({ ...current, [key]: undefined }));
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const found = validateContact(form);
    setErrors(found);
    if (Object.keys(found).length > 0 || session.status !== 'signedIn') return;
    setSubmitting(true);
    const consumer = { uid: session.uid, name: form.name.trim(), email: form.email.trim() };
    let created = 0;
    let failure: unknown = null;
    for (const item of cart.items) {
      try {
        // with its cartItemId the API books the item and removes it from the cart in one transaction
        await createBooking(
          bookingCreatePayload({
            consumer,
            preferredDateRange: item.preferredDateRange,
            preferredTime: item.preferredTime,
            menu: { menuId: item.menuId, menuName: item.title, serviceId: item.serviceId },
            // the item's own address (the API books only that one); an item from before addresses has none
            addressId: item.addressId ?? '',
            amount: item.price * item.quantity,
            note: noteFor(item, form.requests),
          }),
          item.cartItemId,
        );
        created += 1;
      } catch (error) {
        failure = error;
        break;
      }
    }
    // the cart as the API has it now (the booked items are gone from it); also updates the top bar's count
    const remaining = await getCart().catch(() => null);
    setSubmitting(false);
    if (failure) {
      // what is left in the cart is what still needs booking
      if (remaining) onCart(remaining);
      toast.error(
        created > 0
          ? `${created} of ${cart.items.length} booked; the rest stay in your cart. ${errorMessage(failure)}`
          : `Booking failed: ${errorMessage(failure)}`,
      );
      return;
    }
    rememberCoupon(null);
    toast.success('Booking confirmed!');
    navigate(paths.bookings());
  };

  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Section id="checkout-contact" title="Contact Information">
        <TextField label="Full Name" required autoComplete="name" {...field('name')} error={!!errors.name} helperText={errors.name} />
        <TextField
          label="Email"
          type="email"
          required
          autoComplete="email"
          {...field('email')}
          error={!!errors.email}
          helperText={errors.email}
        />
        <TextField label="Phone" type="tel" required autoComplete="tel" {...field('phone')} error={!!errors.phone} helperText={errors.phone} />
        <TextField
          label="Special Requests"
          multiline
          minRows={3}
          {...field('requests')}
          slotProps={{ htmlInput: { maxLength: BOOKING_NOTE_MAX_LENGTH } }}
        />
      </Section>

      <Section id="checkout-method" title="Payment Method">
        <FormControl>
          <FormLabel id="checkout-method-label" sx={visuallyHidden}>
            Payment method
          </FormLabel>
          <RadioGroup aria-labelledby="checkout-method-label" value={method} onChange={(event) => setMethod(event.target.value as PaymentMethod)}>
            {PAYMENT_METHODS.map((option) => (
              <FormControlLabel key={option.value} value={option.value} control={<Radio />} label={option.label} sx={{ minHeight: 48 }} />
            ))}
          </RadioGroup>
        </FormControl>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Nothing is charged now. You pay each booking&apos;s advance online from My Bookings once the provider accepts it.
        </Typography>
      </Section>

      <Section id="checkout-summary" title="Order Summary">
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
          {cart.items.map((item) => (
            <Box component="li" key={item.cartItemId} sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                {item.title} × {item.quantity}
              </Typography>
              <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
                {formatINR(item.price * item.quantity)}
              </Typography>
            </Box>
          ))}
        </Box>
        <TotalsBlock totals={totals} couponCode={offer?.code} />
      </Section>

      <Typography variant="body2" id="checkout-explain">
        Confirming sends each item to its provider as a booking request.
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
        {submitting ? 'Confirming…' : 'Confirm Booking'}
      </Button>
    </Box>
  );
}

/** /checkout (spec §2 Checkout): contact form, payment method, order summary and 'Confirm Booking'. */
export default function CheckoutPage() {
  return (
    <Page title="Checkout">
      <CartLoader loadingLabel="Loading checkout…" skeletons={[280, 160]}>
        {(cart, onCart) => (cart.items.length === 0 ? <EmptyCart /> : <CheckoutForm cart={cart} onCart={onCart} />)}
      </CartLoader>
    </Page>
  );
}
