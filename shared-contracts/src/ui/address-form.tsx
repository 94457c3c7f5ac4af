import { useId, type FormEvent } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
// By package name, not a relative path: this subpath's chunk then uses the page's one translation instance
// (the language the page is in), not a private copy that would stay in English.
import { useT } from '@utsav/contracts';
import type { CommonMessage } from '../i18n/contracts-messages';
import { FormTextField } from './FormTextField';
import {
  ADDRESS_CITY_MAX_LENGTH,
  ADDRESS_LABELS,
  ADDRESS_LINE_MAX_LENGTH,
  addressInputSchema,
  INDIAN_STATES,
  type AddressFields,
  type AddressLabel,
  type AddressSnapshot,
} from '../domain/schemas/address';

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

/**
 * The contracts' schema, the one the API checks with, validates the form and gives its messages. Its input
 * type says the label is already one of ADDRESS_LABELS; the form's '' is what it reports as missing.
 */
const addressResolver = zodResolver(addressInputSchema) as unknown as Resolver<AddressFormValues, unknown, AddressFields>;

export interface AddressFormProps {
  /** the form's accessible name, e.g. 'New address' or 'Edit Home address' */
  title: string;
  initial?: AddressFormValues;
  submitLabel: string;
  /** saves the checked address; a thrown error keeps the form as typed (the caller says what went wrong) */
  onSubmit: (address: AddressFields) => Promise<void>;
  onCancel?: () => void;
}

/** Each field's label: its id in the contracts' catalogue ('common'). */
const FIELD_LABELS = {
  line1: 'address.line1',
  line2: 'address.line2',
  landmark: 'address.landmark',
  city: 'address.city',
  state: 'address.state',
  pincode: 'address.pincode',
} as const satisfies Record<string, CommonMessage>;

/** The address form: label, lines, landmark, city, state and PIN code, with the schema's messages under each field. */
export function AddressForm({ title, initial = EMPTY_ADDRESS_FORM, submitLabel, onSubmit, onCancel }: AddressFormProps) {
  const t = useT<CommonMessage>('common');
  const id = useId();
  const form = useForm<AddressFormValues, unknown, AddressFields>({
    defaultValues: initial,
    resolver: addressResolver,
    // the messages show on submit and each goes as soon as its field is edited; focus stays where it is
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const saving = form.formState.isSubmitting;

  async function save(address: AddressFields) {
    try {
      await onSubmit(address);
    } catch {
      // the caller has said what went wrong; what was typed stays
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    // the slot page may sit inside another form one day: never let this submit it
    event.stopPropagation();
    if (saving) {
      event.preventDefault();
      return;
    }
    void form.handleSubmit(save)(event);
  }

  const text = (field: 'line1' | 'line2' | 'landmark' | 'city', max: number, autoComplete: string, required: boolean) => (
    <FormTextField
      form={form}
      name={field}
      id={`${id}-${field}`}
      label={t(FIELD_LABELS[field])}
      autoComplete={autoComplete}
      required={required}
      disabled={saving}
      fullWidth
      slotProps={{ htmlInput: { maxLength: max } }}
    />
  );

  return (
    <Box component="form" noValidate aria-label={title} onSubmit={submit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Controller
        name="label"
        control={form.control}
        render={({ field, fieldState }) => (
          <FormControl error={fieldState.error !== undefined} disabled={saving}>
            <FormLabel id={`${id}-label`}>{t('address.saveAs')}</FormLabel>
            <RadioGroup
              row
              aria-labelledby={`${id}-label`}
              name={field.name}
              value={field.value}
              onChange={(event) => {
                field.onChange(event.target.value);
                form.clearErrors('label');
              }}
            >
              {ADDRESS_LABELS.map((label) => (
                <FormControlLabel key={label} value={label} control={<Radio />} label={t(`address.label.${label}`)} sx={{ minHeight: 48 }} />
              ))}
            </RadioGroup>
            {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
          </FormControl>
        )}
      />
      {text('line1', ADDRESS_LINE_MAX_LENGTH, 'address-line1', true)}
      {text('line2', ADDRESS_LINE_MAX_LENGTH, 'address-line2', false)}
      {text('landmark', ADDRESS_LINE_MAX_LENGTH, 'off', false)}
      {text('city', ADDRESS_CITY_MAX_LENGTH, 'address-level2', true)}
      <Controller
        name="state"
        control={form.control}
        render={({ field, fieldState }) => (
          <TextField
            id={`${id}-state`}
            name={field.name}
            label={t(FIELD_LABELS.state)}
            select
            value={field.value}
            onChange={(event) => {
              field.onChange(event.target.value);
              form.clearErrors('state');
              // 'This PIN code is not in …' is about the pair: another state may be the one it is in
              if (form.getFieldState('pincode').error?.type === 'custom') form.clearErrors('pincode');
            }}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={fieldState.error !== undefined}
            helperText={fieldState.error?.message}
            autoComplete="address-level1"
            required
            disabled={saving}
            fullWidth
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="">{t('address.chooseState')}</option>
            {INDIAN_STATES.map((state) => (
              <option key={state} value={state}>
                {state}
              </option>
            ))}
          </TextField>
        )}
      />
      <Controller
        name="pincode"
        control={form.control}
        render={({ field, fieldState }) => (
          <TextField
            id={`${id}-pincode`}
            name={field.name}
            label={t(FIELD_LABELS.pincode)}
            value={field.value}
            onChange={(event) => {
              field.onChange(event.target.value);
              form.clearErrors('pincode');
            }}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={fieldState.error !== undefined}
            helperText={fieldState.error?.message ?? t('address.pincodeHint')}
            autoComplete="postal-code"
            required
            disabled={saving}
            fullWidth
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 7 } }}
          />
        )}
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: onCancel ? 'minmax(0, 1fr) minmax(0, 1fr)' : '1fr', gap: 1 }}>
        {onCancel && (
          <Button variant="outlined" onClick={onCancel} disabled={saving} sx={{ minHeight: 48 }}>
            {t('address.cancel')}
          </Button>
        )}
        <Button type="submit" variant="contained" loading={saving} sx={{ minHeight: 48 }}>
          {submitLabel}
        </Button>
      </Box>
    </Box>
  );
}
