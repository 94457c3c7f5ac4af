import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from '@utsav/contracts/router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import Alert from '@mui/material/Alert';
import {
  formatMoment,
  LoadError,
  Page,
  paths,
  prefetchForUser,
  SHOW_BOOKING_PARAM,
  showBookingChange,
  useApi,
  useLiveStatus,
  useLocale,
  useOnline,
  useSession,
  useUrlTab,
  visuallyHidden,
  type PagePreload,
} from '@utsav/contracts';
import { bookingResources, SAVED_BOOKINGS } from '@utsav/contracts/resources';
import { useSavedCopy } from '@utsav/contracts/saved-answer';
import { bookingTab } from '@utsav/contracts/booking-state';
import { BOOKING_TABS, type Booking, type BookingTab } from '@utsav/contracts/schemas';
import { BookingCard, BookingCardSkeleton } from '../features/bookings/BookingCard';
import { EMPTY_TEXT, STATUS_LABELS } from '../features/bookings/booking-text';
import { useBookingT } from '../i18n';

/** While a request waits for the provider, the list is asked for again this often. */
const POLL_INTERVAL_MS = 10_000;

const waitingForProvider = (bookings: Booking[]) =>
  bookings.some((booking) => booking.status === 'requested') ? POLL_INTERVAL_MS : false;

/** What checks the saved copy (the list's schema, with zod): no part of the list's first screen, so loaded apart from it. */
const loadListCheck = () => import('@utsav/contracts/schemas').then((schemas) => (data: unknown) => schemas.bookingListSchema.parse(data));

const tabId = (tab: BookingTab) => `bookings-tab-${tab}`;
const panelId = (tab: BookingTab) => `bookings-panel-${tab}`;

function Loading() {
  const t = useBookingT();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box role="status" sx={visuallyHidden}>
        {t('myBookings.loading')}
      </Box>
      <Box aria-hidden sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <BookingCardSkeleton />
        <BookingCardSkeleton />
      </Box>
    </Box>
  );
}

function Empty({ tab, readOnly }: { tab: BookingTab; readOnly: boolean }) {
  const t = useBookingT();
  return (
    <Box sx={{ py: 4, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, textAlign: 'center' }}>
      <Typography sx={{ color: 'text.secondary' }}>{t(EMPTY_TEXT[tab])}</Typography>
      {tab === 'requested' && !readOnly && (
        <Button component={RouterLink} to={paths.search()} variant="outlined" sx={{ minHeight: 48 }}>
          {t('browseServices')}
        </Button>
      )}
    </Box>
  );
}

interface BookingListProps {
  bookings: Booking[];
  tab: BookingTab;
  onChanged: (updated: Booking) => void;
  /** offline: the bookings only, none of the actions (every one of them needs the network) */
  readOnly?: boolean;
}

function BookingList({ bookings, tab, onChanged, readOnly = false }: BookingListProps) {
  const shown = bookings.filter((booking) => bookingTab(booking.status) === tab);
  if (shown.length === 0) return <Empty tab={tab} readOnly={readOnly} />;
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 2 }}>
      {shown.map((booking) => (
        <li key={booking.bookingId}>
          <BookingCard booking={booking} onChanged={onChanged} readOnly={readOnly} />
        </li>
      ))}
    </Box>
  );
}

/** Why the list cannot be changed now, and (for a saved copy) since when it is as shown. */
function ReadOnlyNote({ savedAt }: { savedAt?: string }) {
  const t = useBookingT();
  const locale = useLocale();
  return (
    <Alert severity="info" sx={{ mb: 2 }}>
      {savedAt ? t('myBookings.readOnlySaved', { savedAt: formatMoment(new Date(savedAt), locale) }) : t('myBookings.readOnly')}
    </Alert>
  );
}

interface UserBookingsProps {
  uid: string;
  tab: BookingTab;
  /** a booking the page was asked to show (?booking=…): once the list has come, `onFound` with it (null: not among them) */
  wanted: string | null;
  onFound: (booking: Booking | null) => void;
  /** a booking as the server answered a change made here (withdraw, cancel, review) */
  onChanged: (updated: Booking) => void;
}

/**
 * The user's bookings, kept fresh: each change the live stream brings replaces its booking (a new one
 * goes on top); again when the page becomes visible or the window gets the focus; and, only while the
 * live stream is not up, every POLL_INTERVAL_MS while one of them is 'requested' (so an accepted
 * request shows up by itself anyway).
 *
 * Offline (issue 20): the list's last answer is kept on this device; when the API cannot be reached
 * that copy is shown read-only, saying when it was saved, and the list is asked for again as soon as
 * the connection returns. A list on screen when the connection goes stays, read-only.
 */
function UserBookings({ uid, tab, wanted, onFound, onChanged }: UserBookingsProps) {
  const t = useBookingT();
  const live = useLiveStatus() === 'open';
  const online = useOnline();
  // a change the live stream brings is in the list by itself (showBookingChange)
  const bookings = useApi(bookingResources.mine(uid), {
    refetchOnFocus: true,
    poll: live ? undefined : waitingForProvider,
  });
  // (each answer is kept on this device by the cache: bookingResources.mine)
  const answered = bookings.status === 'success' ? bookings.data : undefined;
  useEffect(() => {
    if (wanted !== null && answered) onFound(answered.find((booking) => booking.bookingId === wanted) ?? null);
  }, [wanted, answered, onFound]);
  const saved = useSavedCopy(bookings, uid, SAVED_BOOKINGS, loadListCheck);

  if (bookings.status === 'error') {
    if (saved) {
      // the server cannot be reached: offline, the shell's notice has said so (the list is asked for again
      // when the connection returns); online, it may be the server that is down: say so and offer Retry.
      // Either way the copy kept on this device meanwhile
      return (
        <>
          {online && <LoadError message={t('myBookings.loadError')} onRetry={bookings.retry} />}
          <ReadOnlyNote savedAt={saved.savedAt} />
          <BookingList bookings={saved.data} tab={tab} onChanged={() => undefined} readOnly />
        </>
      );
    }
    // spec §8 says "logged only"; a list that silently stays empty would say "no bookings"
    return (
      <LoadError message={t('myBookings.loadError')} onRetry={bookings.retry} />
    );
  }
  if (bookings.status !== 'success') return <Loading />;
  const changed = (updated: Booking) => {
    // the booking as the server answered the withdrawal or cancellation with, in every view of it
    showBookingChange(updated);
    onChanged(updated);
  };
  return (
    <>
      {!online && <ReadOnlyNote />}
      <BookingList bookings={bookings.data} tab={tab} onChanged={changed} readOnly={!online} />
    </>
  );
}

/** Asks for the signed-in user's bookings as soon as the session is restored. */
export const preload: PagePreload = () => prefetchForUser((uid) => [bookingResources.mine(uid)]);

/** The card of a booking in the panel, if it is there. */
function cardOf(panel: HTMLElement | null, bookingId: string): HTMLElement | undefined {
  return [...(panel?.querySelectorAll<HTMLElement>('[data-booking-id]') ?? [])].find((card) => card.dataset.bookingId === bookingId);
}

/**
 * /bookings (spec §2 My Bookings): the user's bookings by status. After a change made here (withdraw, cancel,
 * review) and for a booking the URL names (?booking=…: new dates proposed, a booking made, a payment), the page
 * opens the tab the booking is now in (`bookingTab`) and brings its card into view, with the focus on it.
 */
export default function MyBookingsPage() {
  const t = useBookingT();
  const session = useSession();
  const [tab, setTab] = useUrlTab(BOOKING_TABS);
  const [params] = useSearchParams();
  const wanted = params.get(SHOW_BOOKING_PARAM);
  const panel = useRef<HTMLDivElement>(null);
  // the booking to bring into view once its tab is on screen, and a count that renders the page again for it
  const reveal = useRef<string | null>(null);
  const [, setRevealed] = useState(0);
  useEffect(() => {
    const bookingId = reveal.current;
    if (bookingId === null) return;
    const card = cardOf(panel.current, bookingId);
    if (!card) return;
    reveal.current = null;
    card.scrollIntoView?.({ block: 'center' });
    card.focus({ preventScroll: true });
  });

  function show(booking: Booking) {
    reveal.current = booking.bookingId;
    setTab(bookingTab(booking.status), [SHOW_BOOKING_PARAM]);
    setRevealed((n) => n + 1);
  }

  // the booking the URL names: its tab, in view; one that is not (any more) the user's: the tab asked for.
  // Once per name (the list may answer again before the URL has let go of it)
  const handled = useRef<string | null>(null);
  function found(booking: Booking | null) {
    if (handled.current === wanted) return;
    handled.current = wanted;
    if (booking) show(booking);
    else setTab(tab, [SHOW_BOOKING_PARAM]);
  }

  let content;
  if (session.status === 'signedIn') content = (
      <UserBookings key={session.uid} uid={session.uid} tab={tab} wanted={wanted} onFound={found} onChanged={show} />
    );
  else if (session.status === 'loading') content = <Loading />;
  else
    content = (
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, alignItems: 'flex-start' }}>
        <Typography>{t('myBookings.signInPrompt')}</Typography>
        <Button component={RouterLink} to={paths.login()} variant="contained" sx={{ minHeight: 48 }}>
          {t('myBookings.signIn')}
        </Button>
      </Box>
    );

  return (
    <Page title={t('myBookings.title')}>
      <Tabs
        value={tab}
        onChange={(_, value: BookingTab) => setTab(value)}
        variant="fullWidth"
        aria-label={t('myBookings.tabsLabel')}
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 2, mx: { xs: -1, sm: 0 } }}
      >
        {BOOKING_TABS.map((status) => (
          <Tab
            key={status}
            value={status}
            label={t(STATUS_LABELS[status])}
            id={tabId(status)}
            aria-controls={panelId(status)}
            sx={{ minHeight: 48, minWidth: 0, px: 0.5, fontSize: '0.8125rem' }}
          />
        ))}
      </Tabs>
      <Box ref={panel} role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)} tabIndex={-1} sx={{ outline: 'none' }}>
        {content}
      </Box>
    </Page>
  );
}
