import { useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink, useSearchParams } from '@utsav/contracts/router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import {
  DEFAULT_END_TIME,
  DEFAULT_START_TIME,
  formatDate,
  formatINR,
  isNotFound,
  LoadError,
  Page,
  paths,
  prefetch,
  prefetchForUser,
  toast,
  translate,
  useApi,
  useLocale,
  type PagePreload,
} from '@utsav/contracts';
import { bookingResources, catalogResources } from '@utsav/contracts/resources';
import { isReschedulable } from '@utsav/contracts/booking-state';
import { consistentTimes, type IndiaTime } from '@utsav/contracts/slot-rules';
import {
  slotSelectionSchema,
  type Address,
  type Booking,
  type Menu,
  type MonthAvailability,
  type SlotChoice,
  type SlotFormValues,
  type UnavailableReason,
} from '@utsav/contracts/schemas';
import { AddressSection, useFirstAddressId } from '../features/slots/AddressSection';
import { userResources } from '@utsav/contracts/resources';
import { Calendar } from '../features/slots/Calendar';
import { NoteField } from '../features/slots/NoteField';
import { isProviderAway, PROVIDER_AWAY_ID, ProviderAwayNotice } from '../features/slots/ProviderAwayNotice';
import { EMPTY_RANGE, nextRange, rangeFromAddress, type DateRange } from '../features/slots/range';
import { SelectionBar } from '../features/slots/SelectionBar';
import { selectionSummary, type PackageInfo } from '../features/slots/selection';
import { TimeRangeFields } from '../features/slots/TimeRangeFields';
import { RANGE_BLOCKED } from '../features/slots/unavailable-text';
import { useIndiaTime } from '../features/slots/use-india-time';
import { useSlotActions } from '../features/slots/use-slot-actions';
import { formatSlot, type IsoDate } from '../shared/dates';
import { useBookingT } from '../i18n';

/** spec §8: what a failed menu lookup says ('Failed to fetch service details') */
function onMenuError() {
  toast.error(translate('booking', 'slots.menuLoadFailed'));
}

function BrowseServices() {
  const t = useBookingT();
  return (
    <Button component={RouterLink} to={paths.search()} variant="outlined" sx={{ minHeight: 48 }}>
      {t('browseServices')}
    </Button>
  );
}

function Problem({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <LoadError message={message} onRetry={onRetry}>
      <BrowseServices />
    </LoadError>
  );
}

function PackageSkeleton() {
  const t = useBookingT();
  return (
    <Box role="status" aria-label={t('slots.loadingPackage')} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Skeleton variant="rectangular" sx={{ height: 72, borderRadius: 1 }} />
      <Skeleton variant="rectangular" sx={{ height: 360, borderRadius: 1 }} />
      <Skeleton variant="rectangular" sx={{ height: 56, borderRadius: 1 }} />
    </Box>
  );
}

function PackageHeader({ menu, serviceId }: { menu: Menu; serviceId: string }) {
  const t = useBookingT();
  return (
    <Paper variant="outlined" component="section" aria-labelledby="slot-package-name" sx={{ p: 2, mb: 3 }}>
      <Typography variant="overline" component="p" sx={{ color: 'text.secondary', lineHeight: 1.5 }}>
        {t('slots.package')}
      </Typography>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
        <Typography id="slot-package-name" component="h2" variant="h6" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {menu.name}
        </Typography>
        <Typography sx={{ fontWeight: 700, color: 'primary.main' }}>{formatINR(menu.price)}</Typography>
      </Box>
      <Button component={RouterLink} to={paths.packageList(serviceId)} size="small" sx={{ minHeight: 48, ml: -1 }}>
        {t('slots.changePackage')}
      </Button>
    </Paper>
  );
}

/**
 * The contracts' slot schema, at India's time now (the form's context), over the times the dropdowns show:
 * the shared slot rules keep the pair valid (a start gone today moves on, the end stays after it).
 */
const slotResolver: Resolver<SlotFormValues, IndiaTime, SlotChoice> = (values, at, options) => {
  // the schema's input type says a date and an address are chosen; '' and null are what it reports as missing
  const resolver = zodResolver(slotSelectionSchema(at)) as unknown as Resolver<SlotFormValues, IndiaTime, SlotChoice>;
  return resolver({ ...values, ...shownTimes(values, at) }, at, options);
};

function shownTimes({ range, startTime, endTime }: SlotFormValues, at: IndiaTime | undefined) {
  if (!at) return { startTime, endTime };
  const { start, end } = consistentTimes(range.start, { start: startTime, end: endTime }, at);
  return { startTime: start, endTime: end };
}

const NONE_UNAVAILABLE: ReadonlyMap<IsoDate, UnavailableReason> = new Map();

const unavailableDays = (month: MonthAvailability): ReadonlyMap<IsoDate, UnavailableReason> =>
  new Map(month.unavailable.map(({ date, reason }) => [date, reason]));

/** The first day from `start` to `end` that cannot be booked, with why. */
function firstUnavailable(unavailable: ReadonlyMap<IsoDate, UnavailableReason>, { start, end }: DateRange): [IsoDate, UnavailableReason] | null {
  if (start === null) return null;
  const last = end ?? start;
  for (const [day, reason] of [...unavailable].sort(([a], [b]) => a.localeCompare(b))) {
    if (day >= start && day <= last) return [day, reason];
  }
  return null;
}

const EMPTY_SLOT: SlotFormValues = { range: EMPTY_RANGE, startTime: DEFAULT_START_TIME, endTime: DEFAULT_END_TIME, note: '', addressId: null };
/**
 * New dates keep the booking's address and note (they are not asked again): the form's address field holds
 * this marker, which satisfies its schema and is never sent (only the dates and times are).
 */
const BOOKING_OWN_ADDRESS = 'the-booking-s-own-address';

function SlotForm({ menu, reschedule, dates }: { menu: Menu; reschedule?: Booking; dates: DateRange }) {
  const t = useBookingT();
  const locale = useLocale();
  const at = useIndiaTime();
  const firstAddressId = useFirstAddressId();
  const form = useForm<SlotFormValues, IndiaTime, SlotChoice>({
    defaultValues: { ...EMPTY_SLOT, range: dates, addressId: reschedule ? BOOKING_OWN_ADDRESS : firstAddressId },
    resolver: slotResolver,
    context: at,
  });
  const values = useWatch({ control: form.control }) as SlotFormValues;
  const pkg: PackageInfo = { menuId: menu.menuId, menuName: menu.name, serviceId: menu.serviceId, price: menu.price };
  const { startTime, endTime } = shownTimes(values, at);
  const range = values.range as DateRange;
  // the month on show's unavailable days (the provider's full and blocked days); without them the API still refuses
  const [month, setMonth] = useState<string | null>(null);
  const availability = useApi(bookingResources.availability(menu.serviceId, month ?? ''), { enabled: month !== null });
  const unavailable = availability.status === 'success' ? unavailableDays(availability.data) : NONE_UNAVAILABLE;
  // a range that ran across a day the provider cannot take: that day and why
  const [rangeProblem, setRangeProblem] = useState<[IsoDate, UnavailableReason] | null>(null);
  const actions = useSlotActions(pkg, { onBookingRefused: availability.retry });
  // where the provider is based (the service), against the chosen address's city: said before Book Now
  const service = useApi(catalogResources.service(menu.serviceId), { enabled: !reschedule });
  const [address, setAddress] = useState<Address | null>(null);
  const serviceDetail = service.status === 'success' ? service.data : undefined;

  function choose(day: IsoDate) {
    const next = nextRange(range, day);
    const blocked = firstUnavailable(unavailable, next);
    if (blocked) {
      // a range across a day the provider cannot take: start again from the day chosen
      setRangeProblem(blocked);
      change('range', { start: day, end: null });
      return;
    }
    setRangeProblem(null);
    change('range', next);
  }

  // a changed selection makes an old complaint stale
  function change<K extends keyof SlotFormValues>(name: K, value: SlotFormValues[K]) {
    form.setValue(name, value as never);
    if (name !== 'note') actions.clearProblem();
  }

  function act(action: (slot: SlotChoice) => unknown) {
    if (actions.isSending()) return;
    void form.handleSubmit(action, actions.refuse)();
  }

  return (
    <>
      <Box component="section" aria-label={t('slots.dates')} sx={{ mb: 3 }}>
        <Calendar
          range={range}
          at={at}
          onSelect={choose}
          unavailable={unavailable}
          onMonthShown={setMonth}
          busy={month !== null && availability.status === 'loading'}
          // new dates: open on the booking's month, not today's
          openOn={reschedule?.preferredDateRange.from || undefined}
        />
        {rangeProblem && (
          <Alert severity="warning" role="status" sx={{ mt: 1 }}>
            {t(RANGE_BLOCKED[rangeProblem[1]], { date: formatDate(rangeProblem[0], locale) })}
          </Alert>
        )}
      </Box>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
        <TimeRangeFields
          startTime={startTime}
          endTime={endTime}
          startDate={range.start}
          at={at}
          onStartChange={(start) => {
            change('startTime', start);
            change('endTime', endTime);
          }}
          onEndChange={(end) => {
            change('startTime', startTime);
            change('endTime', end);
          }}
        />
        {!reschedule && (
          <>
            <AddressSection selected={values.addressId} onSelect={(addressId: string) => change('addressId', addressId)} onChosen={setAddress} />
            <ProviderAwayNotice service={serviceDetail} address={address} />
            <NoteField value={values.note} onChange={(note) => change('note', note)} />
          </>
        )}
      </Box>
      <SelectionBar
        summary={selectionSummary({ range, startTime, endTime }, locale)}
        problem={actions.problem}
        busy={actions.busy}
        blockedReason={values.addressId === null ? t('slots.chooseAddress') : null}
        noticeId={!reschedule && isProviderAway(serviceDetail, address) ? PROVIDER_AWAY_ID : undefined}
        onAddToCart={() => act(actions.addToCart)}
        onBookNow={() => act(actions.bookNow)}
        onPropose={reschedule ? () => act((slot) => actions.propose(reschedule.bookingId, slot)) : undefined}
      />
    </>
  );
}

/** New dates for a booking: what it has now, and how it goes on (the provider answers; nothing else changes). */
function CurrentDates({ booking }: { booking: Booking }) {
  const t = useBookingT();
  const locale = useLocale();
  return (
    <Alert severity="info" component="section" role="region" aria-label={t('reschedule.label')} sx={{ mb: 3 }}>
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t('reschedule.title')}
      </Typography>
      <Typography variant="body2">{t('reschedule.now', { slot: formatSlot(booking, locale) })}</Typography>
      <Typography variant="body2">{t('reschedule.how', { provider: booking.providerName })}</Typography>
    </Alert>
  );
}

function SlotSelection({ serviceId, menuId, rescheduleId, dates }: { serviceId: string; menuId: string; rescheduleId: string; dates: DateRange }) {
  const t = useBookingT();
  const menu = useApi(catalogResources.menu(menuId), { onError: onMenuError });
  const booking = useApi(bookingResources.one(rescheduleId), { enabled: rescheduleId !== '' });

  if (menu.status === 'error') {
    return isNotFound(menu.error) ? (
      <Problem message={t('slots.notFound')} />
    ) : (
      <Problem message={t('slots.loadError')} onRetry={menu.retry} />
    );
  }
  if (booking.status === 'error') {
    return isNotFound(booking.error) ? (
      <Problem message={t('slots.bookingNotFound')} />
    ) : (
      <Problem message={t('slots.bookingLoadError')} onRetry={booking.retry} />
    );
  }
  if (menu.status !== 'success' || (rescheduleId && booking.status !== 'success')) return <PackageSkeleton />;
  const reschedule = booking.status === 'success' ? booking.data : undefined;
  if (reschedule && !isReschedulable(reschedule)) {
    return <Problem message={t('slots.notReschedulable')} />;
  }
  return (
    <>
      {reschedule ? <CurrentDates booking={reschedule} /> : <PackageHeader menu={menu.data.data} serviceId={serviceId} />}
      <SlotForm menu={menu.data.data} reschedule={reschedule} dates={dates} />
    </>
  );
}

/** What the slot page's address names (paths.slots). */
function slotAddress(params: URLSearchParams) {
  return {
    serviceId: params.get('serviceId')?.trim() ?? '',
    menuId: params.get('package')?.trim() ?? '',
    // a booking to propose new dates for (from My Bookings' Change dates)
    rescheduleId: params.get('reschedule')?.trim() ?? '',
    // the dates chosen when the page opens
    dates: rangeFromAddress(params.get('from'), params.get('to')),
  };
}

/**
 * The package, its service and the signed-in user's saved addresses, asked for as the page's code arrives
 * (and by the server, which draws the page with them: its dates, its address and Book Now on the first paint).
 */
export const preload: PagePreload = ({ search }) => {
  const { serviceId, menuId, rescheduleId } = slotAddress(search);
  if (!serviceId || !menuId || rescheduleId) return undefined;
  prefetch(catalogResources.menu(menuId));
  prefetch(catalogResources.service(serviceId));
  // the saved addresses: the server draws them, so the page takes a booking with one chosen
  return prefetchForUser((uid) => [userResources.addresses(uid)]);
};

/** /service/slots?serviceId=…&package=…[&from=…&to=…] (spec §2 Slot selection). */
export default function SlotSelectionPage() {
  const t = useBookingT();
  const [params] = useSearchParams();
  const { serviceId, menuId, rescheduleId, dates } = slotAddress(params);

  return (
    <Page title={t('slots.title')}>
      {serviceId && menuId ? (
        <SlotSelection key={`${serviceId}\n${menuId}\n${rescheduleId}`} serviceId={serviceId} menuId={menuId} rescheduleId={rescheduleId} dates={dates} />
      ) : (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Alert severity="warning">{t('slots.noPackage')}</Alert>
          <Box>
            <BrowseServices />
          </Box>
        </Box>
      )}
    </Page>
  );
}
