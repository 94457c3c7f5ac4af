import type { ReactNode } from 'react';
import { Link as RouterLink } from '@utsav/contracts/router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { LoadError, paths, useApi, visuallyHidden } from '@utsav/contracts';
import { bookingResources } from '@utsav/contracts/resources';
import type { Cart } from '@utsav/contracts/schemas';
import { useCheckoutT } from '../../i18n';

/** 'Your cart is empty' with a way back to the catalog (spec §2 Cart). */
export function EmptyCart() {
  const t = useCheckoutT();
  return (
    <Box sx={{ py: 4, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, textAlign: 'center' }}>
      <Typography sx={{ fontWeight: 600 }}>{t('cart.empty')}</Typography>
      <Button component={RouterLink} to={paths.search()} variant="contained" sx={{ minHeight: 48 }}>
        {t('cart.browse')}
      </Button>
    </Box>
  );
}

interface CartLoaderProps {
  /** the coupon the cart is first priced with (the server says whether it applies) */
  coupon?: string | null;
  /** what a screen reader hears while the cart loads */
  loadingLabel: string;
  /** heights of the placeholder blocks */
  skeletons: number[];
  /** the page once the cart is in; `onCart` takes the cart a later call returned */
  children: (cart: Cart, onCart: (cart: Cart) => void) => ReactNode;
}

/** Loads the signed-in user's cart, priced by the server, for the Cart and Checkout pages, with one loading and error state. */
export function CartLoader({ coupon, loadingLabel, skeletons, children }: CartLoaderProps) {
  const t = useCheckoutT();
  const loaded = useApi(bookingResources.cart(coupon ?? null));
  if (loaded.status === 'error') {
    return <LoadError message={t('cart.loadError')} onRetry={loaded.retry} />;
  }
  if (loaded.status !== 'success') {
    return (
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box role="status" sx={visuallyHidden}>
          {loadingLabel}
        </Box>
        {skeletons.map((height, index) => (
          <Skeleton key={index} variant="rounded" sx={{ height }} aria-hidden />
        ))}
      </Box>
    );
  }
  return <>{children(loaded.data, (cart) => loaded.update(() => cart))}</>;
}
