import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { formatINR, type CartTotals, type CheckoutTotals } from '@utsav/contracts';

/** Subtotal, Platform Fee, Discount (when any), Tax (checkout only) and Total (spec §9). */
export function TotalsBlock({ totals, couponCode }: { totals: CartTotals | CheckoutTotals; couponCode?: string | null }) {
  const rows: [string, string][] = [
    ['Subtotal', formatINR(totals.subtotal)],
    ['Platform Fee', formatINR(totals.platformFee)],
  ];
  if (totals.discount > 0) rows.push([couponCode ? `Discount (${couponCode})` : 'Discount', `−${formatINR(totals.discount)}`]);
  if ('tax' in totals) rows.push(['Tax (10%)', formatINR(totals.tax)]);
  return (
    <Box>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) max-content', columnGap: 2, rowGap: 1 }}>
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
              {label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right', color: label.startsWith('Discount') ? 'success.main' : undefined }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      <Divider sx={{ my: 1.5 }} />
      <Box component="dl" sx={{ m: 0, display: 'flex', justifyContent: 'space-between', gap: 2 }}>
        <Typography component="dt" sx={{ fontWeight: 700 }}>
          Total
        </Typography>
        <Typography component="dd" sx={{ m: 0, fontWeight: 700 }}>
          {formatINR(totals.total)}
        </Typography>
      </Box>
    </Box>
  );
}
