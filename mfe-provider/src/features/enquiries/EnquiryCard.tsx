import { Link as RouterLink } from '@utsav/contracts/router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { Facts, formatDate, formatINR, paths, useLocale } from '@utsav/contracts';
import type { ProviderEnquiry } from '@utsav/contracts/schemas';
import { useProviderT } from '../../i18n';
import { useEnquiryFacts } from './enquiry-facts';
import { ENQUIRY_STATUS_LABELS, newestFirst } from './enquiry-text';

/** An enquiry in the list: who asked, for what, when and where, their message, its state and the latest quote. */
export function EnquiryCard({ enquiry }: { enquiry: ProviderEnquiry }) {
  const t = useProviderT();
  const locale = useLocale();
  const facts = useEnquiryFacts();
  const title = t('enquiries.from', { name: enquiry.consumer.firstName });
  const [latest] = newestFirst(enquiry.quotes);
  return (
    <Card component="article" variant="outlined" aria-label={title} data-enquiry-id={enquiry.enquiryId}>
      <CardContent sx={{ p: 2, '&:last-child': { pb: 2 }, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            {title}
          </Typography>
          <Chip size="small" label={t(ENQUIRY_STATUS_LABELS[enquiry.status])} color={enquiry.status === 'open' ? 'primary' : enquiry.status === 'booked' ? 'success' : 'default'} />
        </Box>
        <Facts rows={facts(enquiry)} dense />
        <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', borderLeft: 2, borderColor: 'divider', pl: 1.5 }}>
          {enquiry.message}
        </Typography>
        {latest && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('enquiries.latestQuote', { total: formatINR(latest.total), advance: formatINR(latest.advance), date: formatDate(latest.validUntil, locale) })}
          </Typography>
        )}
        <Button
          component={RouterLink}
          to={paths.providerEnquiry(enquiry.enquiryId)}
          variant={enquiry.status === 'open' ? 'contained' : 'outlined'}
          sx={{ minHeight: 48, alignSelf: 'flex-end' }}
        >
          {t(enquiry.status === 'open' ? 'enquiries.answer' : 'enquiries.see')}
        </Button>
      </CardContent>
    </Card>
  );
}
