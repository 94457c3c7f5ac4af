import { useSearchParams } from '@utsav/contracts/router';
import { NativeSelectField } from '@utsav/contracts/native-select-field';
import { useProviderScope, LISTING_PARAM } from './ProviderGate';
import { useProviderT } from '../../i18n';

/** Which of the person's listings the page shows, when they run more than one (kept in the address). */
export function ListingPicker() {
  const t = useProviderT();
  const { listings, listing } = useProviderScope();
  const [, setSearch] = useSearchParams();
  if (listings.length < 2) return null;
  return (
    <NativeSelectField
      label={t('listing.pick')}
      value={listing.id}
      onChange={(value) =>
        setSearch((search) => {
          const next = new URLSearchParams(search);
          next.set(LISTING_PARAM, value);
          return next;
        })
      }
      fullWidth
      size="small"
      sx={{ mb: 2 }}
    >
      {listings.map((one) => (
        <option key={one.id} value={one.id}>
          {one.name}
        </option>
      ))}
    </NativeSelectField>
  );
}
