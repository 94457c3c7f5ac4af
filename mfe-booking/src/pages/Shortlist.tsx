import { useMemo, useState } from 'react';
import { Link as RouterLink, useSearchParams } from '@utsav/contracts/router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { LoadError, Page, paths, prefetchForUser, useApi, useOnline, type PagePreload } from '@utsav/contracts';
import { SAVED_PLANS, SAVED_SHORTLIST } from '@utsav/contracts/plans';
import { useSavedCopy } from '@utsav/contracts/saved-answer';
import { planResources } from '@utsav/contracts/plan-resources';
import { SHORTLIST_COMPARE_MAX, SHORTLIST_COMPARE_MIN, UNASSIGNED_EVENT, type Plan } from '@utsav/contracts/schemas';
import { ShortlistEntryCard, type EventChoice } from '../features/plans/ShortlistEntryCard';
import { eventTitle, inOneLine } from '../features/plans/plan-text';
import { useSignedInUid } from '../shared/use-signed-in-uid';
import { loadPlansCheck, loadShortlistCheck, ReadOnlyNote } from '../features/plans/offline';
import { usePlansT } from '../features/plans/i18n';

/** Every event of every plan, as the lists name it (the plan's title too when there is more than one plan). */
function useEventChoices(plans: Plan[] | undefined): EventChoice[] {
  const t = usePlansT();
  return useMemo(
    () =>
      (plans ?? []).flatMap((plan) =>
        plan.events.map((event) => ({
          eventId: event.eventId,
          label: plans!.length > 1 ? inOneLine(eventTitle(event, t), plan.title) : eventTitle(event, t),
        })),
      ),
    [plans, t],
  );
}

function Entries({ uid, filter }: { uid: string; filter: string | null }) {
  const t = usePlansT();
  const online = useOnline();
  const shortlist = useApi(planResources.shortlist(uid), { refetchOnFocus: true });
  const savedShortlist = useSavedCopy(shortlist, uid, SAVED_SHORTLIST, loadShortlistCheck);
  const plans = useApi(planResources.plans(uid));
  const savedPlans = useSavedCopy(plans, uid, SAVED_PLANS, loadPlansCheck);
  const events = useEventChoices(plans.data ?? savedPlans?.data);
  const [, setParams] = useSearchParams();
  const [selected, setSelected] = useState<string[]>([]);

  if (shortlist.status === 'error' && !savedShortlist) return <LoadError message={t('shortlist.loadError')} onRetry={shortlist.retry} />;
  const entries = shortlist.data ?? savedShortlist?.data;
  if (!entries) return <Skeleton variant="rounded" height={160} role="status" aria-label={t('shortlist.loading')} />;
  // offline: the list only, none of the changes (each needs the network)
  const readOnly = !online || shortlist.status === 'error';

  const shown = entries.filter((entry) => filter === null || (filter === UNASSIGNED_EVENT ? entry.eventId === null : entry.eventId === filter));
  const chosen = selected.filter((id) => shown.some((entry) => entry.serviceId === id));
  const filters: { value: string | null; label: string }[] = [
    { value: null, label: t('shortlist.all') },
    ...events.map((event) => ({ value: event.eventId, label: event.label })),
    { value: UNASSIGNED_EVENT, label: t('shortlist.noEvent') },
  ];
  const showFilter = (value: string | null) =>
    setParams((params) => {
      if (value === null) params.delete('event');
      else params.set('event', value);
      return params;
    });
  const forEvent = filter !== null && filter !== UNASSIGNED_EVENT ? filter : undefined;

  return (
    <>
      {shortlist.status === 'error' && online && <LoadError message={t('shortlist.loadError')} onRetry={shortlist.retry} />}
      {readOnly && <ReadOnlyNote what="shortlist" savedAt={savedShortlist?.savedAt} />}
      {entries.length > 0 && (
        <Box role="group" aria-label={t('shortlist.filterLabel')} sx={{ display: 'flex', gap: 1, overflowX: 'auto', pb: 1, mb: 1, mx: -2, px: 2 }}>
          {filters.map(({ value, label }) => (
            <Chip
              key={value ?? 'all'}
              label={label}
              color={value === filter ? 'primary' : 'default'}
              variant={value === filter ? 'filled' : 'outlined'}
              onClick={() => showFilter(value)}
              aria-pressed={value === filter}
              sx={{ minHeight: 40 }}
            />
          ))}
        </Box>
      )}
      {shown.length === 0 ? (
        <Box sx={{ py: 3, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, textAlign: 'center' }}>
          <Typography sx={{ color: 'text.secondary' }}>{t(entries.length === 0 ? 'shortlist.empty' : 'shortlist.emptyHere')}</Typography>
          <Button component={RouterLink} to={paths.search()} variant="outlined" sx={{ minHeight: 48 }}>
            {t('browseServices')}
          </Button>
        </Box>
      ) : (
        <>
          {!readOnly && (
            <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
              {t('shortlist.compareHint', { min: SHORTLIST_COMPARE_MIN, max: SHORTLIST_COMPARE_MAX })}
            </Typography>
          )}
          <Box component="ul" aria-label={t('shortlist.listLabel')} sx={{ m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1.5, pb: 10 }}>
            {shown.map((entry) => (
              <ShortlistEntryCard
                key={entry.serviceId}
                uid={uid}
                entry={entry}
                events={events}
                readOnly={readOnly}
                selected={chosen.includes(entry.serviceId)}
                selectionFull={chosen.length >= SHORTLIST_COMPARE_MAX}
                onSelect={(tick) => setSelected((ids) => (tick ? [...ids.filter((id) => id !== entry.serviceId), entry.serviceId] : ids.filter((id) => id !== entry.serviceId)))}
              />
            ))}
          </Box>
        </>
      )}
      {chosen.length > 0 && !readOnly && (
        <Paper
          elevation={6}
          sx={{
            position: 'sticky',
            bottom: { xs: 72, md: 16 },
            p: 1.5,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 1,
          }}
        >
          <Typography variant="body2" role="status">
            {t('shortlist.chosen', { count: chosen.length, max: SHORTLIST_COMPARE_MAX })}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
            <Button component={RouterLink} to={paths.askQuote(chosen, forEvent)} variant="outlined" sx={{ minHeight: 48 }}>
              {t('shortlist.ask', { count: chosen.length })}
            </Button>
            <Button
              component={RouterLink}
              to={paths.compare(chosen, forEvent)}
              variant="contained"
              disabled={chosen.length < SHORTLIST_COMPARE_MIN}
              sx={{ minHeight: 48 }}
            >
              {t('shortlist.compare', { count: chosen.length })}
            </Button>
          </Box>
        </Paper>
      )}
    </>
  );
}

/** Asks for the shortlist and the plans (their events name the filters) as soon as the session is restored. */
export const preload: PagePreload = () => prefetchForUser((uid) => [planResources.shortlist(uid), planResources.plans(uid)]);

/**
 * /shortlist: the services the consumer saved with a heart, all or one event's (`?event=`, or those for none);
 * each can be moved to an event or taken off, and 2–4 of them compared side by side.
 */
export default function ShortlistPage() {
  const t = usePlansT();
  const uid = useSignedInUid();
  const [params] = useSearchParams();
  const filter = params.get('event');
  return (
    <Page title={t('shortlist.title')} subtitle={t('shortlist.subtitle')}>
      {uid ? <Entries uid={uid} filter={filter} /> : <Skeleton variant="rounded" height={160} role="status" aria-label={t('shortlist.loading')} />}
    </Page>
  );
}
