import { useId, type ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { FieldFrame } from './outlined-field';

export interface NativeSelectFieldProps extends FieldFrame {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  /** takes no choice (a change under way, or none possible offline) */
  disabled?: boolean;
  /** the `<option>`s */
  children: ReactNode;
}

/**
 * An outlined native select with its label above it (`@utsav/contracts/native-select-field`): what
 * `<TextField select slotProps={{ select: { native: true } }}>` draws, without TextField's Select and
 * its menu (see OutlinedField). A module of its own: a page with text fields only (Login) does not
 * bring NativeSelect and its Input with OutlinedField.
 */
export function NativeSelectField({ id: givenId, label, size, fullWidth, error, disabled, sx, value, onChange, children }: NativeSelectFieldProps) {
  const madeId = useId();
  const id = givenId ?? madeId;
  return (
    <FormControl variant="outlined" size={size} fullWidth={fullWidth} error={error} disabled={disabled} sx={sx}>
      <InputLabel htmlFor={id} id={`${id}-label`} shrink>
        {label}
      </InputLabel>
      <NativeSelect id={id} value={value} onChange={(event) => onChange(event.target.value)} input={<OutlinedInput label={label} notched />}>
        {children}
      </NativeSelect>
    </FormControl>
  );
}
