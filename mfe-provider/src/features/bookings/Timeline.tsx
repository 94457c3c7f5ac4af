import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { formatINR, formatMoment, LoadError, useApi, useLocale } from '@utsav/contracts';
import { providerResources } from '@utsav/contracts/provider-resources';
import type { BookingHistory } from '@utsav/contracts/schemas';
import { useProviderT, type ProviderMessage } from '../../i18n';

type Step = BookingHistory[number];

/** Who took a step, as the provider reads it: the consumer's "you" is their customer, the provider's is "you". */
const BY: Record<Step['by'], ProviderMessage> = { you: 'history.by.customer', provider: 'history.by.you', payment: 'history.by.payment', system: 'history.by.system' };

/** The booking's timeline — the one its customer sees — from the provider's side; asked again when the booking changes. */
export function Timeline({ bookingId }: { bookingId: string }) {
  const t = useProviderT();
  const locale = useLocale();
  const history = useApi(providerResources.history(bookingId));
  if (history.status === 'error') return <LoadError message={t('history.loadError')} onRetry={history.retry} />;
  if (history.status !== 'success') return <Skeleton variant="rounded" height={96} role="status" aria-label={t('history.loading')} />;
  return (
    <Box component="ol" sx={{ m: 0, p: 0, listStyle: 'none', display: 'flex', flexDirection: 'column', gap: 1 }}>
      {history.data.map((step, index) => (
        <Box component="li" key={`${step.kind}-${index}`} sx={{ borderLeft: 2, borderColor: 'primary.main', pl: 1.5, py: 0.5 }}>
          <Typography sx={{ fontWeight: 600 }}>
            {t(`history.event.${step.kind}` as ProviderMessage)}
            {step.amount ? ` ${formatINR(step.amount)}` : ''}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {`${formatMoment(step.at, locale)} · ${t(BY[step.by])}`}
          </Typography>
          {step.detail && <Typography variant="body2">{step.detail}</Typography>}
        </Box>
      ))}
    </Box>
  );
}
