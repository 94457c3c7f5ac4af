import { Link as RouterLink } from '@utsav/contracts/router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import FavoriteRounded from '@mui/icons-material/FavoriteRounded';
import { errorMessage, formatINR, paths, toast, useChange, useLocale } from '@utsav/contracts';
import { NativeSelectField } from '@utsav/contracts/native-select-field';
import { removeFromShortlist, saveToShortlist, showShortlistChange } from '@utsav/contracts/plans';
import { serviceImageUrl } from '@utsav/contracts/service-images';
import type { ShortlistEntry } from '@utsav/contracts/schemas';
import { usePlansT } from './i18n';

/** An event the entry can be saved for: its id and what the list calls it. */
export interface EventChoice {
  eventId: string;
  label: string;
}

interface Props {
  uid: string;
  entry: ShortlistEntry;
  events: EventChoice[];
  /** offline: what is saved only, none of the changes */
  readOnly: boolean;
  /** ticked for the comparison */
  selected: boolean;
  /** the comparison takes no more: an unticked box cannot be ticked */
  selectionFull: boolean;
  onSelect: (selected: boolean) => void;
}

const THUMB = 72;

/** A shortlisted service: what it is and costs from, the event it is saved for (changeable), its box for Compare, and the heart that takes it off. */
export function ShortlistEntryCard({ uid, entry, events, readOnly, selected, selectionFull, onSelect }: Props) {
  const t = usePlansT();
  const locale = useLocale();
  const { service, serviceId } = entry;
  const failed = (error: unknown) => toast.error(t('shortlist.changeFailed', { reason: errorMessage(error, undefined, locale) }));
  const moving = useChange((eventId: string | null) => saveToShortlist(serviceId, eventId));
  const removing = useChange(() => removeFromShortlist(serviceId));
  const move = async (value: string) => {
    const outcome = await moving.run(value === '' ? null : value);
    if (outcome.ok) showShortlistChange(uid, { saved: outcome.value });
    else if ('error' in outcome) failed(outcome.error);
  };
  const remove = async () => {
    const outcome = await removing.run();
    if (outcome.ok) {
      showShortlistChange(uid, { removed: serviceId });
      toast.success(t('shortlist.removed', { service: service.title }));
    } else if ('error' in outcome) failed(outcome.error);
  };
  const rating = service.rating === null ? t('shortlist.noReviews') : t('shortlist.rating', { rating: service.rating.toFixed(1), count: service.reviewCount });
  return (
    <Card component="li" variant="outlined" aria-label={service.title} sx={{ listStyle: 'none', p: 1.5, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
        {service.image ? (
          <Box
            component="img"
            src={serviceImageUrl(service.image.id, 240, 'webp')}
            alt=""
            width={THUMB}
            height={THUMB}
            loading="lazy"
            sx={{ width: THUMB, height: THUMB, objectFit: 'cover', borderRadius: 1, flexShrink: 0, bgcolor: 'action.hover' }}
          />
        ) : (
          <Box aria-hidden sx={{ width: THUMB, height: THUMB, borderRadius: 1, flexShrink: 0, bgcolor: 'action.hover' }} />
        )}
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, lineHeight: 1.3, overflowWrap: 'anywhere' }}>
            <Link component={RouterLink} to={paths.serviceDetail(serviceId)} color="inherit">
              {service.title}
            </Link>
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {service.providerName} · {service.city}
          </Typography>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {t('shortlist.priceFrom', { price: formatINR(service.priceFrom) })}
          </Typography>
          <Typography variant="body2">{rating}</Typography>
        </Box>
        {!readOnly && (
          <IconButton
            onClick={() => void remove()}
            disabled={removing.pending}
            aria-busy={removing.pending}
            aria-label={t('shortlist.remove', { service: service.title })}
            sx={{ width: 48, height: 48, color: 'primary.main', mt: -1, mr: -1 }}
          >
            <FavoriteRounded />
          </IconButton>
        )}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <NativeSelectField
          label={t('shortlist.forEvent')}
          value={entry.eventId ?? ''}
          onChange={(value) => void move(value)}
          disabled={readOnly || moving.pending}
          size="small"
          sx={{ minWidth: 180, flexGrow: 1 }}
        >
          <option value="">{t('shortlist.noEvent')}</option>
          {events.map((event) => (
            <option key={event.eventId} value={event.eventId}>
              {event.label}
            </option>
          ))}
        </NativeSelectField>
        {!readOnly && (
          <FormControlLabel
            control={<Checkbox checked={selected} disabled={!selected && selectionFull} onChange={(_, checked) => onSelect(checked)} />}
            label={t('shortlist.compareThis')}
            sx={{ mr: 0, minHeight: 48 }}
          />
        )}
      </Box>
    </Card>
  );
}
