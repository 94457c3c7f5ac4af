import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '@utsav/contracts/router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Collapse from '@mui/material/Collapse';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ApiState, errorMessage, formatAddress, formatDate, formatDateRange, formatINR, formatMoment, formatTimeRange, Page, paths, toast, useApi, useLocale } from '@utsav/contracts';
import { getCart, removeCartItem } from '@utsav/contracts/booking';
import { bookingResources } from '@utsav/contracts/resources';
import { couponFormSchema, INVALID_COUPON, type Cart, type CartItem, type CouponForm, type Offer } from '@utsav/contracts/schemas';
import { appliedCoupon, recalledCoupon, rememberCoupon } from '../features/cart/coupon';
import { CartLoader, EmptyCart } from '../features/cart/CartLoader';
import { discountLabel, TotalsBlock } from '../features/cart/TotalsBlock';
import { whoIsBooked } from '../features/cart/who-is-booked';
import { useCheckoutT } from '../i18n';
import { BusyButton } from '@utsav/contracts/busy-button';

function Item({ item, coupon, removing, onRemove }: { item: CartItem; coupon: string | null; removing: boolean; onRemove: () => void }) {
  const t = useCheckoutT();
  const locale = useLocale();
  const { pricing } = item;
  return (
    <Card component="article" variant="outlined" aria-label={item.title}>
      <CardContent sx={{ p: 2, '&:last-child': { pb: 2 }, display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
          <Typography component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere', minWidth: 0 }}>
            {item.title}
          </Typography>
          <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{formatINR(pricing.listAmount)}</Typography>
        </Box>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {whoIsBooked(t, item)}
        </Typography>
        {pricing.discount > 0 && (
          <Typography variant="body2" sx={{ color: 'success.main' }}>
            {t('cart.item.discount', { discount: discountLabel(t, coupon), amount: formatINR(pricing.discount), price: formatINR(pricing.amount) })}
          </Typography>
        )}
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {formatDateRange(item.preferredDateRange, (date) => formatDate(date, locale), locale)}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {formatTimeRange(item.preferredTime, locale)}
        </Typography>
        <Typography variant="body2" sx={{ color: item.address ? 'text.secondary' : 'error.main', overflowWrap: 'anywhere' }}>
          {item.address ? formatAddress(item.address) : t('cart.item.noAddress')}
        </Typography>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 2 }}>
          <BusyButton
            color="error"
            variant="outlined"
            onClick={onRemove}
            busy={removing}
            aria-label={t(removing ? 'cart.item.removingLabel' : 'cart.item.removeLabel', { title: item.title })}
          >
            {t(removing ? 'cart.item.removing' : 'cart.item.remove')}
          </BusyButton>
        </Box>
      </CardContent>
    </Card>
  );
}

interface OffersProps {
  offers: ApiState<Offer[]>;
  /** the code the cart is priced with now */
  applied: string | null;
  /** the code being checked, while it is */
  applying: string | null;
  /** one tap applies an offer's code: the server prices the cart with it */
  onApply: (code: string) => void;
}

function Offers({ offers, applied, applying, onApply }: OffersProps) {
  const t = useCheckoutT();
  if (offers.status === 'error')
    return (
      <Alert severity="warning" action={<Button onClick={offers.retry}>{t('offers.retry')}</Button>}>
        {t('offers.loadError')}
      </Alert>
    );
  if (offers.status !== 'success') return <Skeleton variant="rounded" sx={{ height: 64 }} />;
  if (offers.data.length === 0) return <Typography variant="body2">{t('offers.none')}</Typography>;
  return (
    <Box component="ul" aria-label={t('offers.label')} sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1 }}>
      {offers.data.map((offer) => {
        const isApplied = applied !== null && applied.toUpperCase() === offer.code.toUpperCase();
        const isApplying = applying !== null && applying.toUpperCase() === offer.code.toUpperCase();
        return (
          <Box
            component="li"
            key={offer.id}
            sx={{ border: 1, borderColor: isApplied ? 'success.main' : 'divider', borderRadius: 1, p: 1.5, display: 'flex', gap: 1, alignItems: 'center' }}
          >
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography sx={{ fontWeight: 700, fontFamily: 'monospace' }}>{offer.code}</Typography>
              <Typography variant="body2">{offer.description}</Typography>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {t('offers.minCart', { amount: formatINR(offer.minCartValue) })}
              </Typography>
            </Box>
            <BusyButton
              variant={isApplied ? 'text' : 'outlined'}
              onClick={() => onApply(offer.code)}
              disabled={isApplied || applying !== null}
              busy={isApplying}
              aria-label={t(isApplied ? 'offers.appliedLabel' : 'offers.applyLabel', { code: offer.code })}
              sx={{ flexShrink: 0 }}
            >
              {t(isApplied ? 'offers.applied' : 'offers.apply')}
            </BusyButton>
          </Box>
        );
      })}
    </Box>
  );
}

const couponResolver = zodResolver(couponFormSchema);

function CartView({ cart, asked, onCart }: { cart: Cart; asked: string | null; onCart: (cart: Cart) => void }) {
  const t = useCheckoutT();
  const navigate = useNavigate();
  const offers = useApi(bookingResources.offers());
  const form = useForm<CouponForm>({
    defaultValues: { code: asked ?? '' },
    resolver: couponResolver,
    // the empty-code message stays until the next Apply
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const emptyCode = form.formState.errors.code !== undefined;
  // the code last asked for: removing an item prices the cart with it again (it may stop applying)
  const [coupon, setCoupon] = useState<string | null>(asked);
  // the code being checked by the server, while it is (from the box or an offer's button)
  const [applying, setApplying] = useState<string | null>(null);
  const [showOffers, setShowOffers] = useState(false);
  const [removing, setRemoving] = useState<Set<string>>(new Set());
  const applied = appliedCoupon(cart);

  const apply = async ({ code: wanted }: CouponForm) => {
    if (applying !== null) return;
    setApplying(wanted);
    try {
      // the server decides: it prices the cart with the code and says whether (and why not) it applies
      const priced = await getCart(undefined, wanted);
      onCart(priced);
      setCoupon(wanted);
      rememberCoupon(appliedCoupon(priced));
    } catch (error) {
      toast.error(t('coupon.checkFailed', { reason: errorMessage(error) }));
    } finally {
      setApplying(null);
    }
  };

  // an offer's button: the code goes in the box and is applied at once
  const applyOffer = (code: string) => {
    if (applying !== null) return;
    form.clearErrors();
    form.setValue('code', code);
    void apply({ code });
  };

  const remove = async (item: CartItem) => {
    setRemoving((set) => new Set(set).add(item.cartItemId));
    try {
      onCart(await removeCartItem(item.cartItemId, coupon));
    } catch (error) {
      toast.error(t('cart.item.removeFailed', { title: item.title, reason: errorMessage(error) }));
    } finally {
      setRemoving((set) => {
        const next = new Set(set);
        next.delete(item.cartItemId);
        return next;
      });
    }
  };

  const proceed = () => {
    rememberCoupon(applied);
    navigate(paths.checkout(), { state: { coupon: applied } });
  };

  if (cart.items.length === 0) return <EmptyCart />;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box component="section" aria-label={t('cart.items')} sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        {cart.items.map((item) => (
          <Item key={item.cartItemId} item={item} coupon={applied} removing={removing.has(item.cartItemId)} onRemove={() => void remove(item)} />
        ))}
      </Box>

      <Card component="section" variant="outlined" aria-labelledby="cart-coupon">
        <CardContent sx={{ p: 2, '&:last-child': { pb: 2 }, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
          <Typography id="cart-coupon" component="h2" variant="h6" sx={{ fontWeight: 600 }}>
            {t('coupon.title')}
          </Typography>
          <Box component="form" onSubmit={(event) => void form.handleSubmit(apply)(event)} noValidate sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            <Controller
              name="code"
              control={form.control}
              render={({ field }) => (
                <TextField
                  label={t('coupon.title')}
                  name={field.name}
                  value={field.value}
                  onChange={(event) => field.onChange(event.target.value)}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  size="small"
                  fullWidth
                  slotProps={{ htmlInput: { autoCapitalize: 'characters', autoComplete: 'off', style: { minHeight: 31 } } }}
                />
              )}
            />
            <BusyButton type="submit" variant="contained" busy={applying !== null} sx={{ flexShrink: 0 }}>
              {t('coupon.apply')}
            </BusyButton>
          </Box>
          {emptyCode ? (
            <Alert severity="error" role="alert">
              {INVALID_COUPON}
            </Alert>
          ) : (
            cart.coupon &&
            !cart.coupon.applied && (
              <Alert severity="error" role="alert">
                {cart.coupon.message ?? INVALID_COUPON}
              </Alert>
            )
          )}
          {!emptyCode && cart.coupon?.applied && (
            <Alert severity="success" role="status">
              {t('coupon.applied', { code: cart.coupon.code, description: cart.coupon.description ?? '' })}
            </Alert>
          )}
          <Button
            variant="text"
            onClick={() => setShowOffers((open) => !open)}
            aria-expanded={showOffers}
            aria-controls="cart-offers"
            sx={{ minHeight: 48, alignSelf: 'flex-start' }}
          >
            {t(showOffers ? 'offers.hide' : 'offers.show')}
          </Button>
          <Collapse in={showOffers} unmountOnExit>
            <Box id="cart-offers">
              <Offers offers={offers} applied={applied} applying={applying} onApply={applyOffer} />
            </Box>
          </Collapse>
        </CardContent>
      </Card>

      <Card component="section" variant="outlined" aria-labelledby="cart-summary">
        <CardContent sx={{ p: 2, '&:last-child': { pb: 2 } }}>
          <Typography id="cart-summary" component="h2" variant="h6" sx={{ fontWeight: 600, mb: 1.5 }}>
            {t('cart.summary')}
          </Typography>
          <TotalsBlock totals={cart.totals} couponCode={applied} />
        </CardContent>
      </Card>

      <Button variant="contained" size="large" fullWidth onClick={proceed} sx={{ minHeight: 48 }}>
        {t('cart.proceed')}
      </Button>
    </Box>
  );
}

/** /cart (spec §2 Cart): the signed-in user's cart, coupon, offers and totals — every figure the server's. */
export default function CartPage() {
  const t = useCheckoutT();
  const locale = useLocale();
  // the coupon applied before (kept while going to checkout and back)
  const [asked] = useState(() => recalledCoupon(null));
  return (
    <Page title={t('cart.title')}>
      <CartLoader coupon={asked} loadingLabel={t('cart.loading')} skeletons={[24, 140, 140, 160]}>
        {(cart, onCart) => (
          <>
            <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2, overflowWrap: 'anywhere' }}>
              {t('cart.header', { cartId: cart.cartId, updated: formatMoment(cart.updatedAt, locale) })}
            </Typography>
            <CartView cart={cart} asked={asked} onCart={onCart} />
          </>
        )}
      </CartLoader>
    </Page>
  );
}
