import { useId, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import {
  ADDRESS_CITY_MAX_LENGTH,
  ADDRESS_LABELS,
  ADDRESS_LINE_MAX_LENGTH,
  addressInputSchema,
  INDIAN_STATES,
  type AddressFields,
  type AddressLabel,
  type AddressSnapshot,
} from './schemas/address';

/**
 * The one address form (`@utsav/contracts/address-form`), for the slot page (mfe-booking) and My Account
 * (mfe-account): the fields of a saved address, checked by the contracts' schema — the one the API checks
 * with — so both pages and the API say the same thing ("Enter a 6-digit PIN code").
 */

/** What the form holds, as the inputs give it: strings, '' for "nothing chosen yet". */
export interface AddressFormValues {
  label: AddressLabel | '';
  line1: string;
  line2: string;
  landmark: string;
  city: string;
  state: string;
  pincode: string;
}

export type AddressFormErrors = Partial<Record<keyof AddressFormValues, string>>;

export const EMPTY_ADDRESS_FORM: AddressFormValues = { label: 'Home', line1: '', line2: '', landmark: '', city: '', state: '', pincode: '' };

/** A saved address (or a copy of one) as the form's starting values. */
export function addressFormValues(address: AddressSnapshot): AddressFormValues {
  return {
    label: (ADDRESS_LABELS as readonly string[]).includes(address.label) ? (address.label as AddressLabel) : '',
    line1: address.line1,
    line2: address.line2,
    landmark: address.landmark,
    city: address.city,
    state: address.state,
    pincode: address.pincode,
  };
}

export type AddressCheck = { ok: true; address: AddressFields } | { ok: false; errors: AddressFormErrors };

/** The contracts' schema over the form: the checked address, or the first message of each field. */
export function checkAddressForm(values: AddressFormValues): AddressCheck {
  const result = addressInputSchema.safeParse(values);
  if (result.success) return { ok: true, address: result.data };
  const errors: AddressFormErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof AddressFormValues | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}

export interface AddressFormProps {
  /** the form's accessible name, e.g. 'New address' or 'Edit Home address' */
  title: string;
  initial?: AddressFormValues;
  submitLabel: string;
  /** saves the checked address; a thrown error keeps the form as typed (the caller says what went wrong) */
  onSubmit: (address: AddressFields) => Promise<void>;
  onCancel?: () => void;
}

const FIELD_LABELS = {
  line1: 'House, street and area',
  line2: 'Address line 2 (optional)',
  landmark: 'Landmark (optional)',
  city: 'City',
  state: 'State',
  pincode: 'PIN code',
} as const;

/** The address form: label, lines, landmark, city, state and PIN code, with the schema's messages under each field. */
export function AddressForm({ title, initial = EMPTY_ADDRESS_FORM, submitLabel, onSubmit, onCancel }: AddressFormProps) {
  const id = useId();
  const [values, setValues] = useState<AddressFormValues>(initial);
  const [errors, setErrors] = useState<AddressFormErrors>({});
  const [saving, setSaving] = useState(false);

  const set = (field: keyof AddressFormValues) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    // the slot page may sit inside another form one day: never let this submit it
    event.stopPropagation();
    if (saving) return;
    const check = checkAddressForm(values);
    if (!check.ok) {
      setErrors(check.errors);
      return;
    }
    setSaving(true);
    try {
      await onSubmit(check.address);
    } catch {
      // the caller has said what went wrong; what was typed stays
    } finally {
      setSaving(false);
    }
  }

  const text = (field: 'line1' | 'line2' | 'landmark' | 'city', max: number, autoComplete: string, required: boolean) => (
    <TextField
      id={`${id}-${field}`}
      name={field}
      label={FIELD_LABELS[field]}
      value={values[field]}
      onChange={(event) => set(field)(event.target.value)}
      error={errors[field] !== undefined}
      helperText={errors[field]}
      autoComplete={autoComplete}
      required={required}
      disabled={saving}
      fullWidth
      slotProps={{ htmlInput: { maxLength: max } }}
    />
  );

  return (
    <Box component="form" noValidate aria-label={title} onSubmit={(event) => void submit(event)} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <FormControl error={errors.label !== undefined} disabled={saving}>
        <FormLabel id={`${id}-label`}>Save as</FormLabel>
        <RadioGroup row aria-labelledby={`${id}-label`} name="label" value={values.label} onChange={(event) => set('label')(event.target.value)}>
          {ADDRESS_LABELS.map((label) => (
            <FormControlLabel key={label} value={label} control={<Radio />} label={label} sx={{ minHeight: 48 }} />
          ))}
        </RadioGroup>
        {errors.label && <FormHelperText>{errors.label}</FormHelperText>}
      </FormControl>
      {text('line1', ADDRESS_LINE_MAX_LENGTH, 'address-line1', true)}
      {text('line2', ADDRESS_LINE_MAX_LENGTH, 'address-line2', false)}
      {text('landmark', ADDRESS_LINE_MAX_LENGTH, 'off', false)}
      {text('city', ADDRESS_CITY_MAX_LENGTH, 'address-level2', true)}
      <TextField
        id={`${id}-state`}
        name="state"
        label={FIELD_LABELS.state}
        select
        value={values.state}
        onChange={(event) => set('state')(event.target.value)}
        error={errors.state !== undefined}
        helperText={errors.state}
        autoComplete="address-level1"
        required
        disabled={saving}
        fullWidth
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="">Choose a state</option>
        {INDIAN_STATES.map((state) => (
          <option key={state} value={state}>
            {state}
          </option>
        ))}
      </TextField>
      <TextField
        id={`${id}-pincode`}
        name="pincode"
        label={FIELD_LABELS.pincode}
        value={values.pincode}
        onChange={(event) => set('pincode')(event.target.value)}
        error={errors.pincode !== undefined}
        helperText={errors.pincode ?? '6 digits, e.g. 560038'}
        autoComplete="postal-code"
        required
        disabled={saving}
        fullWidth
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 7 } }}
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: onCancel ? 'minmax(0, 1fr) minmax(0, 1fr)' : '1fr', gap: 1 }}>
        {onCancel && (
          <Button variant="outlined" onClick={onCancel} disabled={saving} sx={{ minHeight: 48 }}>
            Cancel
          </Button>
        )}
        <Button type="submit" variant="contained" loading={saving} sx={{ minHeight: 48 }}>
          {submitLabel}
        </Button>
      </Box>
    </Box>
  );
}
