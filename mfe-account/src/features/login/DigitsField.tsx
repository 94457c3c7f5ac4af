import type { ReactNode } from 'react';
import { OutlinedField } from '@utsav/contracts/outlined-field';

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
 * The Login page's outlined number field: the contracts' OutlinedField (TextField's own parts, its look and
 * labelling, without the Select that TextField would bring onto the first page most people open).
 */
export function DigitsField({ id, label, error, maxLength, shrinkLabel, onChange, ...input }: DigitsFieldProps) {
  return (
    <OutlinedField
      {...input}
      id={id}
      label={label}
      shrinkLabel={shrinkLabel}
      fullWidth
      error={error !== null}
      helperText={error}
      onChange={(event) => onChange(event.target.value)}
      inputProps={{ maxLength, inputMode: 'numeric', 'aria-required': true }}
    />
  );
}
