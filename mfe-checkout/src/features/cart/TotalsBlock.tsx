import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { BOOKING_ADVANCE_BPS, formatINR, percentLabel } from '@utsav/contracts';
import type { CartTotals } from '@utsav/contracts/schemas';

/** The row names of the cart's figures: what the server charges, in its words (docs/spec-deviations.md). */
export const TOTAL_LABELS = {
  subtotal: 'Subtotal',
  discount: (code?: string | null) => (code ? `Discount (${code})` : 'Discount'),
  total: 'Total booking value',
  due: 'Due after acceptance',
  later: 'Paid to the provider later',
} as const;

export const DUE_HINT = `Advance (${percentLabel(BOOKING_ADVANCE_BPS)}) + platform fee + GST, paid online once the provider accepts`;

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
  return (
    <Box>
      <Box component="dl" sx={GRID}>
        <Row label={TOTAL_LABELS.subtotal} value={formatINR(totals.subtotal)} />
        {totals.discount > 0 && <Row label={TOTAL_LABELS.discount(couponCode)} value={`−${formatINR(totals.discount)}`} tone="success" />}
      </Box>
      <Divider sx={{ my: 1.5 }} />
      <Box component="dl" sx={GRID}>
        <Row label={TOTAL_LABELS.total} value={formatINR(totals.total)} strong />
        <Row label={TOTAL_LABELS.due} value={formatINR(totals.dueAfterAcceptance)} hint={DUE_HINT} />
        <Row label={TOTAL_LABELS.later} value={formatINR(totals.paidToProviderLater)} />
      </Box>
    </Box>
  );
}
