import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { formatINR, rupeesToPaise } from '@utsav/contracts';
import { NativeSelectField } from '@utsav/contracts/native-select-field';
import { OutlinedField } from '@utsav/contracts/outlined-field';
import {
  SERVICE_CATEGORIES,
  SERVICE_CITIES,
  SERVICE_SORTS,
  type ServiceCategory,
  type ServiceCity,
  type ServiceSort,
} from '@utsav/contracts/schemas';
import { PRICE_MAX_RUPEES, sortOf, type Browse } from './browse-address';
import { useCatalogT } from '../../i18n';
import { CATEGORY_NAMES, SORT_NAMES } from '../../shared/labels';

interface BrowseControlsProps {
  browse: Browse;
  go: (change: Partial<Browse>) => void;
}

const chipRowSx = {
  listStyle: 'none',
  m: 0,
  // bleed to the screen edge so chips scroll under the page margin, without widening the page
  mx: { xs: -2, sm: -3 },
  px: { xs: 2, sm: 3 },
  py: 0.5,
  display: 'flex',
  gap: 1,
  overflowX: 'auto',
  overscrollBehaviorX: 'contain',
  scrollbarWidth: 'none',
  '&::-webkit-scrollbar': { display: 'none' },
  '& > li': { flex: '0 0 auto' },
} as const;

/** The categories as one row of chips that scrolls sideways; "All" clears the filter. */
function CategoryChips({ value, onChange }: { value: ServiceCategory | undefined; onChange: (category: ServiceCategory | undefined) => void }) {
  const t = useCatalogT();
  const choices: (ServiceCategory | undefined)[] = [undefined, ...SERVICE_CATEGORIES];
  return (
    <Box component="ul" sx={chipRowSx} aria-label={t('search.categories')}>
      {choices.map((category) => {
        const selected = category === value;
        return (
          <li key={category ?? 'all'}>
            <Chip
              label={t(category ? CATEGORY_NAMES[category] : 'search.allCategories')}
              clickable
              color={selected ? 'primary' : 'default'}
              variant={selected ? 'filled' : 'outlined'}
              aria-pressed={selected}
              onClick={() => onChange(selected ? undefined : category)}
              sx={{ height: 40, borderRadius: '20px', fontWeight: 600, bgcolor: selected ? undefined : 'background.paper' }}
            />
          </li>
        );
      })}
    </Box>
  );
}

const selectSx = { bgcolor: 'background.paper' } as const;

/** The price range as typed: whole rupees, or empty for no bound. */
const digits = (text: string) => text.replace(/\D/g, '').slice(0, String(PRICE_MAX_RUPEES).length);
const rupeesOf = (text: string) => (text === '' ? undefined : Number(text));
const textOf = (rupees: number | undefined) => (rupees === undefined ? '' : String(rupees));

/** What is wrong with a typed range (worded when shown, so it follows the page's language). */
type RangeError = 'price.tooHigh' | 'price.minAboveMax';

/** The starting-price range, applied with its button (or Enter); the address keeps it in rupees. */
function PriceRange({ min, max, onApply }: { min: number | undefined; max: number | undefined; onApply: (min?: number, max?: number) => void }) {
  const [minText, setMinText] = useState(textOf(min));
  const [maxText, setMaxText] = useState(textOf(max));
  const [error, setError] = useState<RangeError | null>(null);
  const t = useCatalogT();

  // Back, a link or Clear change the address: show what it says (adjusted while rendering, not in an
  // effect; not a remount by key either, which would drop the focus of a keyboard user who pressed Enter)
  const [shown, setShown] = useState({ min, max });
  if (shown.min !== min || shown.max !== max) {
    setShown({ min, max });
    setMinText(textOf(min));
    setMaxText(textOf(max));
    setError(null);
  }

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const low = rupeesOf(minText);
    const high = rupeesOf(maxText);
    if ((low ?? 0) > PRICE_MAX_RUPEES || (high ?? 0) > PRICE_MAX_RUPEES) {
      setError('price.tooHigh');
      return;
    }
    if (low !== undefined && high !== undefined && low > high) {
      setError('price.minAboveMax');
      return;
    }
    setError(null);
    onApply(low, high);
  }

  const field = (label: string, value: string, set: (text: string) => void) => (
    <OutlinedField
      label={label}
      value={value}
      onChange={(event) => set(digits(event.target.value))}
      size="small"
      placeholder={t('price.any')}
      autoComplete="off"
      error={error !== null}
      sx={{ ...selectSx, flex: 1, minWidth: 0 }}
      inputProps={{ inputMode: 'numeric', 'aria-describedby': error ? 'price-range-error' : undefined }}
      startAdornment={<Box component="span" sx={{ color: 'text.secondary', mr: 0.5 }} aria-hidden>₹</Box>}
    />
  );

  return (
    <Box component="form" noValidate onSubmit={apply} aria-label={t('price.range')}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        {field(t('price.min'), minText, setMinText)}
        <Typography aria-hidden sx={{ color: 'text.secondary' }}>
          –
        </Typography>
        {field(t('price.max'), maxText, setMaxText)}
        <Button type="submit" variant="outlined" sx={{ minHeight: 40, flexShrink: 0 }}>
          {t('price.apply')}
        </Button>
      </Box>
      {error && (
        <Typography id="price-range-error" role="alert" variant="body2" sx={{ color: 'error.main', mt: 0.5 }}>
          {t(error, { max: formatINR(rupeesToPaise(PRICE_MAX_RUPEES)) })}
        </Typography>
      )}
    </Box>
  );
}

/**
 * The Search page's controls: category chips, city, sort and the price range. Each change is a new
 * address (Back restores the previous one) and starts again from page 1.
 */
export function BrowseControls({ browse, go }: BrowseControlsProps) {
  const t = useCatalogT();
  const sort = sortOf(browse);
  // relevance only means something with words
  const sorts = SERVICE_SORTS.filter((option) => option !== 'relevance' || browse.q !== '');

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <CategoryChips value={browse.category} onChange={(category) => go({ category })} />
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1 }}>
        <NativeSelectField
          label={t('search.city')}
          size="small"
          value={browse.city ?? ''}
          onChange={(city) => go({ city: (city || undefined) as ServiceCity | undefined })}
          sx={selectSx}
        >
          <option value="">{t('search.allCities')}</option>
          {SERVICE_CITIES.map((city) => (
            <option key={city} value={city}>
              {city}
            </option>
          ))}
        </NativeSelectField>
        <NativeSelectField label={t('search.sortBy')} size="small" value={sort} onChange={(value) => go({ sort: value as ServiceSort })} sx={selectSx}>
          {sorts.map((option) => (
            <option key={option} value={option}>
              {t(SORT_NAMES[option])}
            </option>
          ))}
        </NativeSelectField>
      </Box>
      <PriceRange min={browse.minPrice} max={browse.maxPrice} onApply={(minPrice, maxPrice) => go({ minPrice, maxPrice })} />
    </Box>
  );
}
