import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { Link as RouterLink } from '@utsav/contracts/router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Facts, formatAddress, formatINR, formatTimeRange, paths, refundText, useLocale, type Locale, type Translate } from '@utsav/contracts';
import type { Booking } from '@utsav/contracts/schemas';
import { STATUS_LABELS, statusColor } from './booking-text';
import { hasEnded, isCancellable, isFinished, isReschedulable, isReviewable, isWithdrawable } from '@utsav/contracts/booking-state';
import { todayInIndia } from '@utsav/contracts/booking-request';
import { formatDates, formatSlot } from '../../shared/dates';
import { useBookingT, type BookingMessage } from '../../i18n';

// The dialogs load when one is first opened: the list is what My Bookings first shows, and the dialogs bring
// MUI's Dialog, Modal, Rating and text fields, the review form's react-hook-form and zod (tooling/src/perf/README.md).
const CancelBookingDialog = lazy(() => import('./CancelBookingDialog').then((module) => ({ default: module.CancelBookingDialog })));
const WithdrawBookingDialog = lazy(() => import('./WithdrawBookingDialog').then((module) => ({ default: module.WithdrawBookingDialog })));
const ReviewBookingDialog = lazy(() => import('./ReviewBookingDialog').then((module) => ({ default: module.ReviewBookingDialog })));

/** A dialog's open state; `opened` stays true once it has been shown, so it keeps its closing transition. */
function useDialogOpen() {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const show = () => {
    setOpened(true);
    setOpen(true);
  };
  return { open, opened, show, close: () => setOpen(false) };
}

/** A lazy dialog, rendered from the first time it is opened. */
function LazyDialog({ opened, children }: { opened: boolean; children: ReactNode }) {
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}

/** A declined request: what the card says instead of its actions. */
function Declined({ gridRow = false }: { gridRow?: boolean }) {
  const t = useBookingT();
  return (
    <Typography variant="body2" sx={{ color: 'text.secondary', ...(gridRow ? { gridColumn: '1 / -1' } : {}) }}>
      {t('card.declined')}
    </Typography>
  );
}

function LinkButton({ to, label, primary, describedBy }: { to: string; label: string; primary?: boolean; describedBy: string }) {
  return (
    <Button
      component={RouterLink}
      to={to}
      variant={primary ? 'contained' : 'outlined'}
      aria-describedby={describedBy}
      sx={{ minHeight: 48 }}
    >
      {label}
    </Button>
  );
}

/** A change of plans (Withdraw, Cancel): a button that opens the dialog asking to confirm it. */
function ChangeAction({ booking, headingId, onChanged, kind }: { booking: Booking; headingId: string; onChanged: (updated: Booking) => void; kind: 'withdraw' | 'cancel' }) {
  const t = useBookingT();
  const { open, opened, show, close } = useDialogOpen();
  return (
    <>
      <Button
        variant="outlined"
        color="inherit"
        aria-describedby={headingId}
        aria-haspopup="dialog"
        onClick={show}
        sx={{ minHeight: 48 }}
      >
        {t(kind === 'withdraw' ? 'card.withdraw' : 'card.cancel')}
      </Button>
      <LazyDialog opened={opened}>
        {kind === 'withdraw' ? (
          <WithdrawBookingDialog booking={booking} open={open} onClose={close} onWithdrawn={onChanged} />
        ) : (
          <CancelBookingDialog booking={booking} open={open} onClose={close} onCancelled={onChanged} />
        )}
      </LazyDialog>
    </>
  );
}

function ReviewAction({ booking, headingId, onChanged }: { booking: Booking; headingId: string; onChanged: (updated: Booking) => void }) {
  const t = useBookingT();
  const { open, opened, show, close } = useDialogOpen();
  return (
    <>
      <Button variant="contained" aria-describedby={headingId} aria-haspopup="dialog" onClick={show} sx={{ minHeight: 48 }}>
        {t('card.rateAndReview')}
      </Button>
      <LazyDialog opened={opened}>
        <ReviewBookingDialog booking={booking} open={open} onClose={close} onReviewed={onChanged} />
      </LazyDialog>
    </>
  );
}

interface ActionsProps {
  booking: Booking;
  headingId: string;
  onChanged: (updated: Booking) => void;
}

/** Spec §4: what each status offers, and the change of plans it allows (withdraw a request, cancel a booking). */
function Actions({ booking, headingId, onChanged }: ActionsProps) {
  const t = useBookingT();
  const summary = paths.orderSummary(booking.bookingId);
  // a booking whose last day has gone by is history: no more changes, it can be booked again
  const today = todayInIndia();
  const ended = hasEnded(booking, today);
  const change = isWithdrawable(booking) ? 'withdraw' : isCancellable(booking) && !ended ? 'cancel' : null;
  const cancelOrWithdraw = change && <ChangeAction booking={booking} headingId={headingId} onChanged={onChanged} kind={change} />;
  // new dates: one proposal at a time
  const changeDates = isReschedulable(booking) && !ended && !booking.reschedule && (
    <LinkButton to={paths.slots(booking.serviceId, booking.menuId, { reschedule: booking.bookingId })} label={t('card.changeDates')} describedBy={headingId} />
  );
  const bookAgain = isFinished(booking, today) && <LinkButton to={paths.slots(booking.serviceId, booking.menuId)} label={t('card.bookAgain')} describedBy={headingId} />;
  // a paid booking that has taken place can be reviewed, once
  const review = isReviewable(booking, today) && !booking.review && <ReviewAction booking={booking} headingId={headingId} onChanged={onChanged} />;
  const more = (
    <>
      {cancelOrWithdraw}
      {changeDates}
      {review}
      {bookAgain}
    </>
  );
  switch (booking.status) {
    case 'requested':
    case 'confirmed':
    case 'cancelled':
      return (
        <>
          <LinkButton to={summary} label={t('card.viewDetails')} describedBy={headingId} />
          {more}
        </>
      );
    case 'accepted':
      return (
        <>
          <LinkButton to={summary} label={t('card.payNow')} primary describedBy={headingId} />
          {more}
        </>
      );
    case 'failed':
      // only a failed payment can be made again (on the order summary); a declined request is final
      if (booking.failureReason === 'payment_failed') {
        return (
          <>
            <LinkButton to={summary} label={t('card.retryPayment')} primary describedBy={headingId} />
            {more}
          </>
        );
      }
      if (booking.failureReason === 'declined') {
        return (
          <>
            <Declined gridRow />
            {more}
          </>
        );
      }
      // no reason given (older data): the order summary says what can be done
      return <LinkButton to={summary} label={t('card.viewDetails')} describedBy={headingId} />;
    default:
      return null;
  }
}

/** The card's rows: who (service, provider), when, where (older bookings have no address) and how much. */
function detailRows(booking: Booking, t: Translate<BookingMessage>, locale: Locale): [string, string][] {
  const { address, reschedule, refund, review } = booking;
  return [
    [t('card.service'), booking.serviceTitle],
    [t('card.provider'), booking.providerName],
    [t('card.date'), formatDates(booking.preferredDateRange, locale)],
    [t('card.time'), formatTimeRange(booking.preferredTime, locale)],
    ...(address ? ([[t('card.address'), formatAddress(address)]] as [string, string][]) : []),
    [t('card.amount'), formatINR(booking.amount)],
    ...(reschedule ? ([[t('card.newDates'), t('card.newDatesValue', { slot: formatSlot(reschedule, locale) })]] as [string, string][]) : []),
    ...(refund ? ([[t('card.refund'), refundText(refund, locale)]] as [string, string][]) : []),
    ...(review ? ([[t('card.yourReview'), t('card.reviewValue', { rating: review.rating, text: review.text })]] as [string, string][]) : []),
  ];
}

interface BookingCardProps {
  booking: Booking;
  onChanged: (updated: Booking) => void;
  /** offline (issue 20): the booking without its actions, which all need the network */
  readOnly?: boolean;
}

/** One booking (spec §2 My Bookings): menu name, status badge, service, provider, date, time, address, amount and its actions. */
export function BookingCard({ booking, onChanged, readOnly = false }: BookingCardProps) {
  const t = useBookingT();
  const locale = useLocale();
  // not from the booking id: ids may hold spaces, which would break aria-labelledby
  const headingId = useId();
  return (
    <Card
      component="article"
      variant="outlined"
      aria-labelledby={headingId}
      // My Bookings brings a changed (or linked) booking into view and puts the focus on it
      data-booking-id={booking.bookingId}
      tabIndex={-1}
      sx={{ scrollMarginTop: 72, scrollMarginBottom: 88, '&:focus-visible': { outline: '3px solid', outlineColor: 'secondary.main', outlineOffset: 2 } }}
    >
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, p: 2, '&:last-child': { pb: 2 } }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
          <Typography id={headingId} component="h2" variant="h6" sx={{ fontWeight: 600, overflowWrap: 'anywhere', minWidth: 0 }}>
            {booking.menuName}
          </Typography>
          <Chip label={t(STATUS_LABELS[booking.status])} color={statusColor(booking.status)} size="small" sx={{ flexShrink: 0, mt: 0.5 }} />
        </Box>
        <Facts rows={detailRows(booking, t, locale)} dense />
        {readOnly ? (
          booking.status === 'failed' &&
          booking.failureReason === 'declined' && <Declined />
        ) : (
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(120px, 1fr))', gap: 1 }}>
            <Actions booking={booking} headingId={headingId} onChanged={onChanged} />
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

export function BookingCardSkeleton() {
  return (
    <Card variant="outlined" sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
        <Skeleton variant="text" sx={{ fontSize: '1.25rem', width: '55%' }} />
        <Skeleton variant="rounded" sx={{ width: 80, height: 24 }} />
      </Box>
      <Skeleton variant="text" sx={{ width: '70%' }} />
      <Skeleton variant="text" sx={{ width: '50%' }} />
      <Skeleton variant="text" sx={{ width: '40%' }} />
      <Skeleton variant="rectangular" sx={{ height: 48, borderRadius: 1 }} />
    </Card>
  );
}
