import type { FormEvent } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import CloseRounded from '@mui/icons-material/CloseRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import { OutlinedField } from '@utsav/contracts/outlined-field';
import { SEARCH_QUERY_MAX_LENGTH } from '@utsav/contracts/schemas';
import { useCatalogT } from '../../i18n';

interface SearchBoxProps {
  text: string;
  onText: (text: string) => void;
  onSubmit: () => void;
}

/** The search field (spec §2 Search); Enter searches at once, the clear button empties it. */
export function SearchBox({ text, onText, onSubmit }: SearchBoxProps) {
  const t = useCatalogT();
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit();
  }

  return (
    <Box component="form" role="search" noValidate onSubmit={submit}>
      <OutlinedField
        type="search"
        name="q"
        value={text}
        onChange={(event) => onText(event.target.value)}
        placeholder={t('search.placeholder')}
        fullWidth
        autoComplete="off"
        sx={{
          bgcolor: 'background.paper',
          '& input::-webkit-search-cancel-button': { display: 'none' },
        }}
        inputProps={{ 'aria-label': t('search.label'), maxLength: SEARCH_QUERY_MAX_LENGTH, enterKeyHint: 'search' }}
        startAdornment={
          <InputAdornment position="start">
            <SearchRounded aria-hidden />
          </InputAdornment>
        }
        endAdornment={
          text ? (
            <InputAdornment position="end">
              <IconButton aria-label={t('search.clear')} edge="end" onClick={() => onText('')} sx={{ width: 48, height: 48 }}>
                <CloseRounded />
              </IconButton>
            </InputAdornment>
          ) : null
        }
      />
    </Box>
  );
}
