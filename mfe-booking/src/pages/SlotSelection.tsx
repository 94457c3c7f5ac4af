import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from '@utsav/contracts/router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { DEFAULT_END_TIME, DEFAULT_START_TIME, formatINR, isNotFound, LoadError, Page, paths, toast, useApi } from '@utsav/contracts';
import { getMenu } from '@utsav/contracts/catalog';
import { consistentTimes } from '@utsav/contracts/slot-rules';
import type { Menu } from '@utsav/contracts/schemas';
import { AddressSection } from '../features/slots/AddressSection';
import { Calendar } from '../features/slots/Calendar';
import { NoteField } from '../features/slots/NoteField';
import { EMPTY_RANGE, nextRange, type DateRange } from '../features/slots/range';
import { SelectionBar } from '../features/slots/SelectionBar';
import { selectionSummary, type PackageInfo } from '../features/slots/selection';
import { TimeRangeFields } from '../features/slots/TimeRangeFields';
import { useIndiaTime } from '../features/slots/useIndiaTime';
import { CHOOSE_ADDRESS, useSlotActions } from '../features/slots/useSlotActions';
import type { IsoDate } from '../shared/dates';

const TITLE = 'Select Time Slot';
/** spec §8: what a failed menu lookup says */
export const MENU_LOAD_FAILED = 'Failed to fetch service details';

function onMenuError() {
  toast.error(MENU_LOAD_FAILED);
}

function BrowseServices() {
  return (
    <Button component={RouterLink} to={paths.search()} variant="outlined" sx={{ minHeight: 48 }}>
      Browse Services
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
  return (
    <Box role="status" aria-label="Loading package" sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Skeleton variant="rectangular" sx={{ height: 72, borderRadius: 1 }} />
      <Skeleton variant="rectangular" sx={{ height: 360, borderRadius: 1 }} />
      <Skeleton variant="rectangular" sx={{ height: 56, borderRadius: 1 }} />
    </Box>
  );
}

function PackageHeader({ menu, serviceId }: { menu: Menu; serviceId: string }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby="slot-package-name" sx={{ p: 2, mb: 3 }}>
      <Typography variant="overline" component="p" sx={{ color: 'text.secondary', lineHeight: 1.5 }}>
        Package
      </Typography>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
        <Typography id="slot-package-name" component="h2" variant="h6" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {menu.name}
        </Typography>
        <Typography sx={{ fontWeight: 700, color: 'primary.main' }}>{formatINR(menu.price)}</Typography>
      </Box>
      <Button component={RouterLink} to={paths.packageList(serviceId)} size="small" sx={{ minHeight: 48, ml: -1 }}>
        Change package
      </Button>
    </Paper>
  );
}

function SlotForm({ menu }: { menu: Menu }) {
  const at = useIndiaTime();
  const [range, setRange] = useState<DateRange>(EMPTY_RANGE);
  const [chosenTimes, setChosenTimes] = useState({ start: DEFAULT_START_TIME, end: DEFAULT_END_TIME });
  const [note, setNote] = useState('');
  const [addressId, setAddressId] = useState<string | null>(null);
  const pkg: PackageInfo = { menuId: menu.menuId, menuName: menu.name, serviceId: menu.serviceId, price: menu.price };
  // the shared slot rules keep the pair valid: a start gone today (India) moves on, the end stays after it
  const { start: startTime, end: endTime } = consistentTimes(range.start, chosenTimes, at);
  const selection = { range, startTime, endTime };
  const actions = useSlotActions(pkg, selection, note, addressId, at);

  // a changed selection makes an old complaint stale
  const changed =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      actions.clearProblem();
    };

  return (
    <>
      <Box component="section" aria-label="Dates" sx={{ mb: 3 }}>
        <Calendar range={range} at={at} onSelect={changed((day: IsoDate) => setRange((current) => nextRange(current, day)))} />
      </Box>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
        <TimeRangeFields
          startTime={startTime}
          endTime={endTime}
          startDate={range.start}
          at={at}
          onStartChange={changed((start: string) => setChosenTimes({ start, end: endTime }))}
          onEndChange={changed((end: string) => setChosenTimes({ start: startTime, end }))}
        />
        <AddressSection selected={addressId} onSelect={changed(setAddressId)} />
        <NoteField value={note} onChange={setNote} />
      </Box>
      <SelectionBar
        summary={selectionSummary(selection)}
        problem={actions.problem}
        busy={actions.busy}
        blockedReason={addressId === null ? CHOOSE_ADDRESS : null}
        onAddToCart={() => void actions.addToCart()}
        onBookNow={() => void actions.bookNow()}
      />
    </>
  );
}

function SlotSelection({ serviceId, menuId }: { serviceId: string; menuId: string }) {
  const menu = useApi((signal) => getMenu(menuId, signal), [menuId], { onError: onMenuError });

  if (menu.status === 'error') {
    return isNotFound(menu.error) ? (
      <Problem message="This package could not be found. It may have been removed." />
    ) : (
      <Problem message="We couldn't load this package." onRetry={menu.retry} />
    );
  }
  if (menu.status !== 'success') return <PackageSkeleton />;
  return (
    <>
      <PackageHeader menu={menu.data.data} serviceId={serviceId} />
      <SlotForm menu={menu.data.data} />
    </>
  );
}

/** /service/slots?serviceId=…&package=… (spec §2 Slot selection). */
export default function SlotSelectionPage() {
  const [params] = useSearchParams();
  const serviceId = params.get('serviceId')?.trim() ?? '';
  const menuId = params.get('package')?.trim() ?? '';

  return (
    <Page title={TITLE}>
      {serviceId && menuId ? (
        <SlotSelection key={`${serviceId}\n${menuId}`} serviceId={serviceId} menuId={menuId} />
      ) : (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Alert severity="warning">
            This link does not say which package to book. Choose a service and one of its packages first.
          </Alert>
          <Box>
            <BrowseServices />
          </Box>
        </Box>
      )}
    </Page>
  );
}
