import type { ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';

interface DigitsFieldProps {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** shown under the field, which is then marked invalid */
  error: string | null;
  maxLength: number;
  autoComplete: string;
  autoFocus?: boolean;
  type?: 'tel' | 'text';
  placeholder?: string;
  startAdornment?: ReactNode;
  /** keep the label above the field, so its placeholder shows */
  shrinkLabel?: boolean;
}

/**
 * The Login page's outlined number field, built from TextField's own parts with the same look and
 * labelling. TextField would also bring its Select (Menu, Popover, Modal), which these fields
 * never use, onto the first page most people open.
 */
export function DigitsField({ id, label, error, maxLength, shrinkLabel, onChange, ...input }: DigitsFieldProps) {
  const helperId = `${id}-helper-text`;
  return (
    <FormControl fullWidth variant="outlined" error={error !== null}>
      <InputLabel htmlFor={id} shrink={shrinkLabel}>
        {label}
      </InputLabel>
      <OutlinedInput
        {...input}
        id={id}
        label={label}
        notched={shrinkLabel}
        fullWidth
        onChange={(event) => onChange(event.target.value)}
        inputProps={{ maxLength, inputMode: 'numeric', 'aria-required': true, 'aria-describedby': error ? helperId : undefined }}
      />
      {error && <FormHelperText id={helperId}>{error}</FormHelperText>}
    </FormControl>
  );
}
