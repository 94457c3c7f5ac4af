import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
// by name: the page's one language and formatters (a sub-path is bundled into each remote that imports it)
import { Facts, formatDate, formatINR, useLocale } from '@utsav/contracts';
import type { Quote } from '../domain/schemas/enquiry';

export interface QuoteLinesProps {
  quote: Quote;
  /** the side's words for the totals (the couple pays the advance; the provider receives it) */
  labels: { total: string; advance: string; validUntil: string };
}

/**
 * A quote as the server made it (`@utsav/contracts/quote`): its numbered lines, then the total and the advance the
 * server worked out, the date it is valid until, and the provider's note. The couple's Quotes page and the provider's
 * enquiry both show it; neither adds anything up.
 */
export function QuoteLines({ quote, labels }: QuoteLinesProps) {
  const locale = useLocale();
  return (
    <>
      <Facts dense receipt rows={quote.lineItems.map((item, index) => [`${index + 1}. ${item.label}`, formatINR(item.amount)])} />
      <Divider />
      <Facts
        dense
        receipt
        rows={[
          [labels.total, formatINR(quote.total)],
          [labels.advance, formatINR(quote.advance)],
          [labels.validUntil, formatDate(quote.validUntil, locale)],
        ]}
      />
      {quote.note && (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {quote.note}
        </Typography>
      )}
    </>
  );
}
