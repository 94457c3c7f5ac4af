import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { BOOKING_ADVANCE_BPS, formatINR, percentLabel, type Translate } from '@utsav/contracts';
import type { CartTotals } from '@utsav/contracts/schemas';
import { useCheckoutT, type CheckoutMessage } from '../../i18n';

/**
 * The row names of the cart's figures are what the server charges, in its words (docs/spec-deviations.md):
 * the catalogue's `totals.*`. A discount's name, with the coupon's code when there is one: 'Discount (SAVE20)'.
 */
export const discountLabel = (t: Translate<CheckoutMessage>, code?: string | null): string =>
  code ? t('totals.discountCode', { code }) : t('totals.discount');

function Row({ label, value, hint, tone, strong }: { label: string; value: string; hint?: string; tone?: 'success'; strong?: boolean }) {
  return (
    <Box sx={{ display: 'contents' }}>
      <Typography component="dt" variant="body2" sx={{ color: strong ? 'text.primary' : 'text.secondary', fontWeight: strong ? 700 : undefined }}>
        {label}
        {hint && (
          <Typography component="span" variant="caption" sx={{ display: 'block', color: 'text.secondary', fontWeight: 400 }}>
            {hint}
          </Typography>
        )}
      </Typography>
      <Typography
        component="dd"
        variant="body2"
        sx={{ m: 0, textAlign: 'right', whiteSpace: 'nowrap', fontWeight: strong ? 700 : undefined, color: tone === 'success' ? 'success.main' : undefined }}
      >
        {value}
      </Typography>
    </Box>
  );
}

const GRID = { m: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) max-content', columnGap: 2, rowGap: 1 } as const;

/**
 * The cart's figures exactly as the server computed them (GET /cart?coupon=): Subtotal, Discount (code) when any,
 * Total booking value, and what will be paid: due online after acceptance, and to the providers later.
 */
export function TotalsBlock({ totals, couponCode }: { totals: CartTotals; couponCode?: string | null }) {
  const t = useCheckoutT();
  return (
    <Box>
      <Box component="dl" sx={GRID}>
        <Row label={t('totals.subtotal')} value={formatINR(totals.subtotal)} />
        {totals.discount > 0 && <Row label={discountLabel(t, couponCode)} value={`−${formatINR(totals.discount)}`} tone="success" />}
      </Box>
      <Divider sx={{ my: 1.5 }} />
      <Box component="dl" sx={GRID}>
        <Row label={t('totals.total')} value={formatINR(totals.total)} strong />
        <Row
          label={t('totals.due')}
          value={formatINR(totals.dueAfterAcceptance)}
          hint={t('totals.dueHint', { percent: percentLabel(BOOKING_ADVANCE_BPS) })}
        />
        <Row label={t('totals.later')} value={formatINR(totals.paidToProviderLater)} />
      </Box>
    </Box>
  );
}
