import { Controller, useFormContext, type FieldPath } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { AGE_MAX, AGE_MIN, type OnboardingProfile } from '@utsav/contracts/schemas';
import { type OnboardingFormValues } from './form-values';
import { GenderField } from './GenderField';
import { PHONE_HELP } from '../../components/sign-in-phone';
import { useAccountT } from '../../i18n';
import { PhotoField } from './PhotoField';

type TextFieldName = Exclude<FieldPath<OnboardingFormValues>, 'gender' | 'service' | 'skippedService'>;

interface TextInputProps {
  name: TextFieldName;
  label: string;
  type?: string;
  autoComplete: string;
  inputMode?: 'text' | 'email' | 'numeric' | 'tel';
  /** extra attributes of the <input>, e.g. min and max */
  htmlInput?: { min?: number; max?: number; step?: number };
  /** shown but not editable (the sign-in phone), with this help below it */
  readOnlyHelp?: string;
}

/** A required text field whose message comes from the schema and goes away as soon as it is edited. */
function TextInput({ name, label, type = 'text', autoComplete, inputMode, htmlInput, readOnlyHelp }: TextInputProps) {
  const { control, clearErrors } = useFormContext<OnboardingFormValues>();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          id={`onboarding-${name}`}
          name={field.name}
          label={label}
          type={type}
          value={field.value}
          onChange={(event) => {
            field.onChange(event.target.value);
            clearErrors(name);
          }}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={fieldState.error !== undefined}
          helperText={fieldState.error?.message ?? readOnlyHelp}
          autoComplete={autoComplete}
          fullWidth
          slotProps={{
            htmlInput: {
              ...htmlInput,
              inputMode,
              'aria-required': true,
              readOnly: readOnlyHelp !== undefined,
            },
          }}
        />
      )}
    />
  );
}

interface BasicInfoStepProps {
  photo: File | null;
  onPhotoChange: (photo: File | null) => void;
}

/** Step 1, 'Basic Information' (spec §2 Onboarding, §5). The Next button submits the form. */
export function BasicInfoStep({ photo, onPhotoChange }: BasicInfoStepProps) {
  const t = useAccountT();
  const form = useFormContext<OnboardingFormValues, unknown, OnboardingProfile>();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <TextInput name="name" label={t('onboarding.name')} autoComplete="name" />
      <TextInput name="email" label={t('onboarding.email')} type="email" inputMode="email" autoComplete="email" />
      <TextInput
        name="age"
        label={t('onboarding.age')}
        type="number"
        inputMode="numeric"
        autoComplete="off"
        htmlInput={{ min: AGE_MIN, max: AGE_MAX, step: 1 }}
      />
      <TextInput name="phone" label={t('onboarding.phone')} type="tel" inputMode="tel" autoComplete="tel" readOnlyHelp={t(PHONE_HELP)} />
      <GenderField form={form} idPrefix="onboarding" />
      <PhotoField photo={photo} onPhotoChange={onPhotoChange} />
      <Button type="submit" variant="contained" size="large" fullWidth sx={{ minHeight: 48 }}>
        {t('onboarding.next')}
      </Button>
    </Box>
  );
}
