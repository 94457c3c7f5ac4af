import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { formatINR, formatMoment, useLocale } from '@utsav/contracts';
import { QuoteLines } from '@utsav/contracts/quote';
import type { Quote } from '@utsav/contracts/schemas';
import { useProviderT } from '../../i18n';
import { QUOTE_STATUS_LABELS } from './enquiry-text';

/** One quote as the server keeps it: its lines, and the total and advance the server computed (never added up here). */
export function QuoteView({ quote }: { quote: Quote }) {
  const t = useProviderT();
  const locale = useLocale();
  return (
    <Box
      component="section"
      aria-label={t('quote.label', { total: formatINR(quote.total) })}
      data-quote-id={quote.quoteId}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1, border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('quote.sentOn', { date: formatMoment(quote.createdAt, locale) })}
        </Typography>
        <Chip size="small" variant="outlined" label={t(QUOTE_STATUS_LABELS[quote.status])} color={quote.status === 'open' ? 'primary' : quote.status === 'accepted' ? 'success' : 'default'} />
      </Box>
      <QuoteLines quote={quote} labels={{ total: t('quote.total'), advance: t('quote.advance'), validUntil: t('quote.validUntil') }} />
    </Box>
  );
}
