import { useId, type ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';

export interface FieldFrame {
  /** the field's id (one is made when not given): its label and helper text point at it */
  id?: string;
  label?: ReactNode;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
  error?: boolean;
  /** on the field's frame, as TextField's `sx` */
  sx?: SxProps<Theme>;
}

export interface OutlinedFieldProps extends FieldFrame, Omit<OutlinedInputProps, 'id' | 'label' | 'size' | 'fullWidth' | 'error' | 'sx' | 'notched'> {
  /** under the field (an error's message when `error`); the input is described by it */
  helperText?: ReactNode;
  /** keep the label above the field, so its placeholder shows */
  shrinkLabel?: boolean;
}

/**
 * An outlined text field (`@utsav/contracts/outlined-field`), built from TextField's own parts with its
 * look and labelling: label, outlined input, helper text. MUI's TextField imports its Select, and with it
 * Menu, Popover, Modal and focus trapping (~15 KB gzip), which a page's first load then carries even
 * where no field is a select menu; a first screen's fields use this instead. Everything an
 * OutlinedInput takes passes through.
 */
export function OutlinedField({ id: givenId, label, size, fullWidth, error, sx, helperText, shrinkLabel, inputProps, ...input }: OutlinedFieldProps) {
  const madeId = useId();
  const id = givenId ?? madeId;
  const helperId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl variant="outlined" size={size} fullWidth={fullWidth} error={error} sx={sx}>
      {label && (
        <InputLabel htmlFor={id} id={`${id}-label`} shrink={shrinkLabel}>
          {label}
        </InputLabel>
      )}
      <OutlinedInput
        {...input}
        id={id}
        label={label}
        notched={shrinkLabel}
        fullWidth={fullWidth}
        inputProps={helperId ? { ...inputProps, 'aria-describedby': helperId } : inputProps}
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
