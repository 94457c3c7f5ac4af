import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from '@utsav/contracts/router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { formatDate, LoadError, monthName, Page, paths, useApi, useApiCache, useLocale } from '@utsav/contracts';
import { providerKeys } from '@utsav/contracts/provider';
import { providerResources } from '@utsav/contracts/provider-resources';
import { todayInIndia } from '@utsav/contracts/booking-request';
import type { CalendarDay } from '@utsav/contracts/schemas';
import { preloadProvider, ProviderGate, useProviderScope } from '../features/listing/ProviderGate';
import { ProviderNav } from '../features/listing/ProviderNav';
import { ListingPicker } from '../features/listing/ListingPicker';
import { CapacityForm } from '../features/calendar/CapacityForm';
import { DayDialog } from '../features/calendar/DayDialog';
import { monthGrid, monthOf, shiftMonth } from '../features/calendar/month';
import { useProviderT } from '../i18n';

const MONTH_RE = /^\d{4}-(0[1-9]|1[0-2])$/;
const monthAsked = (search: URLSearchParams) => {
  const asked = search.get('month');
  return asked && MONTH_RE.test(asked) ? asked : monthOf(todayInIndia());
};

function DayCell({ day, today, onOpen }: { day: CalendarDay; today: string; onOpen: () => void }) {
  const t = useProviderT();
  const locale = useLocale();
  const past = day.date < today;
  const booked = day.confirmed + day.accepted;
  const state = day.blocked ? t('calendar.cell.blocked') : day.free === 0 ? t('calendar.cell.full') : t('calendar.cell.free', { free: day.free });
  const label = t('calendar.cell.label', { date: formatDate(day.date, locale), booked, requested: day.requested, state });
  return (
    <ButtonBase
      onClick={onOpen}
      disabled={past}
      aria-label={label}
      sx={{
        minHeight: 56,
        borderRadius: 1,
        border: 1,
        borderColor: day.date === today ? 'primary.main' : 'divider',
        bgcolor: day.blocked ? 'grey.200' : day.free === 0 ? 'warning.light' : booked > 0 ? 'success.light' : 'background.paper',
        color: past ? 'text.disabled' : 'text.primary',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 0.25,
        px: 0.25,
      }}
    >
      <Typography component="span" sx={{ fontWeight: 600, fontSize: 15 }} aria-hidden>
        {Number(day.date.slice(8))}
      </Typography>
      <Typography component="span" sx={{ fontSize: 10, lineHeight: 1.1, textAlign: 'center' }} aria-hidden>
        {day.blocked ? '✕' : booked > 0 ? `${booked}/${day.capacity}` : ''}
      </Typography>
    </ButtonBase>
  );
}

function Month() {
  const t = useProviderT();
  const locale = useLocale();
  const cache = useApiCache();
  const { listing } = useProviderScope();
  const [search] = useSearchParams();
  const month = monthAsked(search);
  const today = todayInIndia();
  const calendar = useApi(providerResources.calendar(listing.id, month));
  const [open, setOpen] = useState<CalendarDay | null>(null);
  // a change answers with the listing's days, not the month's: the month is asked again
  const changed = () => cache.invalidate(providerKeys.calendar(listing.id, month));
  const [year, number] = month.split('-').map(Number) as [number, number];
  const title = `${monthName(number - 1, locale)} ${year}`;
  const linkTo = (by: number) => paths.providerCalendar({ month: shiftMonth(month, by), listing: search.get('listing') ?? undefined });

  return (
    <>
      {calendar.status === 'success' && <CapacityForm key={calendar.data.dailyCapacity} providerId={listing.id} capacity={calendar.data.dailyCapacity} onChanged={changed} />}
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Button component={RouterLink} to={linkTo(-1)} aria-label={t('calendar.previous')} disabled={month <= monthOf(today)} sx={{ minHeight: 44 }}>
          <ChevronLeft />
        </Button>
        <Typography component="h2" variant="h6" aria-live="polite">
          {title}
        </Typography>
        <Button component={RouterLink} to={linkTo(1)} aria-label={t('calendar.next')} sx={{ minHeight: 44 }}>
          <ChevronRight />
        </Button>
      </Box>
      {calendar.status === 'error' && <LoadError message={t('calendar.loadError')} onRetry={calendar.retry} />}
      {calendar.status !== 'error' && calendar.status !== 'success' && <Skeleton variant="rounded" height={360} role="status" aria-label={t('calendar.loading')} />}
      {calendar.status === 'success' && (
        <Box role="group" aria-label={t('calendar.monthLabel', { month: title })}>
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', gap: 0.5, mb: 0.5 }} aria-hidden>
            {[0, 1, 2, 3, 4, 5, 6].map((weekday) => (
              <Typography key={weekday} variant="caption" sx={{ textAlign: 'center', color: 'text.secondary' }}>
                {t(`calendar.weekday.${weekday}` as 'calendar.weekday.0')}
              </Typography>
            ))}
          </Box>
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', gap: 0.5 }}>
            {monthGrid(calendar.data.calendar?.days.map((day) => day.date) ?? []).map((date, index) => {
              const day = date ? calendar.data.calendar!.days.find((one) => one.date === date)! : null;
              return day ? <DayCell key={day.date} day={day} today={today} onOpen={() => setOpen(day)} /> : <Box key={`blank-${index}`} />;
            })}
          </Box>
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1.5 }}>
            {t('calendar.legend')}
          </Typography>
        </Box>
      )}
      <DayDialog
        providerId={listing.id}
        day={open}
        onClose={() => setOpen(null)}
        onChanged={changed}
      />
    </>
  );
}

export const preload = preloadProvider();

/** /provider/calendar: the listing's month — booked and free per day — its daily capacity, and blocking days. */
export default function CalendarPage() {
  const t = useProviderT();
  return (
    <ProviderGate title={t('calendar.title')}>
      <Page title={t('calendar.title')}>
        <ProviderNav />
        <ListingPicker />
        <Month />
      </Page>
    </ProviderGate>
  );
}
