import { Controller, type UseFormReturn } from 'react-hook-form';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import type { OnboardingProfile } from '@utsav/contracts/schemas';
import { GENDER_OPTIONS, type OnboardingFormValues } from './form-values';
import { useAccountT } from '../../i18n';

interface GenderFieldProps {
  form: UseFormReturn<OnboardingFormValues, unknown, OnboardingProfile>;
  /** the page's prefix of the ids ('onboarding', 'account') */
  idPrefix: string;
  disabled?: boolean;
}

/**
 * The gender radios (male, female, other) of a profile form: onboarding's, and My Account's, which edits
 * what onboarding set. The schema's message under them goes away as soon as one is chosen.
 */
export function GenderField({ form, idPrefix, disabled = false }: GenderFieldProps) {
  const t = useAccountT();
  const labelId = `${idPrefix}-gender-label`;
  const errorId = `${idPrefix}-gender-error`;
  return (
    <Controller
      name="gender"
      control={form.control}
      render={({ field, fieldState }) => {
        const message = fieldState.error?.message;
        return (
          <FormControl error={message !== undefined} disabled={disabled}>
            <FormLabel id={labelId}>{t('onboarding.gender')}</FormLabel>
            <RadioGroup
              row
              name={field.name}
              value={field.value}
              onChange={(_event, value) => {
                field.onChange(value);
                form.clearErrors('gender');
              }}
              onBlur={field.onBlur}
              aria-labelledby={labelId}
              aria-describedby={message ? errorId : undefined}
              aria-invalid={message !== undefined}
              aria-required
            >
              {GENDER_OPTIONS.map((option, index) => (
                <FormControlLabel
                  key={option.value}
                  value={option.value}
                  label={t(option.label)}
                  // the first radio takes the focus when the gender is missing
                  control={<Radio slotProps={{ input: { ref: index === 0 ? field.ref : undefined } }} />}
                  sx={{ minHeight: 48, mr: 3 }}
                />
              ))}
            </RadioGroup>
            {message && (
              <FormHelperText id={errorId} sx={{ mx: 0 }}>
                {message}
              </FormHelperText>
            )}
          </FormControl>
        );
      }}
    />
  );
}
