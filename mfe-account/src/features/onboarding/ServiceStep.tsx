import { Controller, useFormContext, useWatch } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { SERVICE_CHOICES } from '@utsav/contracts/schemas';
import { SERVICE_NAMES, type OnboardingFormValues } from './form-values';
import { useAccountT } from '../../i18n';

interface ServiceStepProps {
  submitting: boolean;
  onBack: () => void;
}

/**
 * Step 2, 'Service Selection': pick a service or skip; Submit waits for one or the other
 * (spec §2 Onboarding, §4, §5).
 */
export function ServiceStep({ submitting, onBack }: ServiceStepProps) {
  const t = useAccountT();
  const { control, setValue, clearErrors } = useFormContext<OnboardingFormValues>();
  const [service, skippedService] = useWatch({ control, name: ['service', 'skippedService'] });
  const ready = service !== '' || skippedService;

  function skip() {
    setValue('service', '');
    setValue('skippedService', true);
    clearErrors('service');
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Controller
        name="service"
        control={control}
        render={({ field, fieldState }) => {
          const message = fieldState.error?.message;
          return (
            <FormControl error={message !== undefined} disabled={submitting}>
              <FormLabel id="onboarding-service-label" sx={{ color: 'text.primary', fontWeight: 500 }}>
                {t('onboarding.service.question')}
              </FormLabel>
              <Typography id="onboarding-service-hint" variant="body2" color="text.secondary">
                {t('onboarding.service.hint')}
              </Typography>
              <RadioGroup
                name={field.name}
                value={field.value}
                onChange={(_event, value) => {
                  field.onChange(value);
                  // choosing a service takes back a skip
                  setValue('skippedService', false);
                  clearErrors('service');
                }}
                onBlur={field.onBlur}
                aria-labelledby="onboarding-service-label"
                aria-describedby={message ? 'onboarding-service-hint onboarding-service-error' : 'onboarding-service-hint'}
                aria-invalid={message !== undefined}
                sx={{ mt: 1 }}
              >
                {SERVICE_CHOICES.map((choice, index) => (
                  <FormControlLabel
                    key={choice}
                    value={choice}
                    label={t(SERVICE_NAMES[choice])}
                    control={<Radio slotProps={{ input: { ref: index === 0 ? field.ref : undefined } }} />}
                    sx={{ minHeight: 48, mr: 0 }}
                  />
                ))}
              </RadioGroup>
              {message && (
                <FormHelperText id="onboarding-service-error" sx={{ mx: 0 }}>
                  {message}
                </FormHelperText>
              )}
            </FormControl>
          );
        }}
      />
      {skippedService && (
        <Alert severity="info" role="status">
          {t('onboarding.service.skipped')}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1 }}>
        <Button variant="outlined" size="large" onClick={onBack} disabled={submitting} sx={{ minHeight: 48 }}>
          {t('onboarding.back')}
        </Button>
        <Button variant="outlined" size="large" onClick={skip} disabled={submitting} sx={{ minHeight: 48 }}>
          {t('onboarding.skip')}
        </Button>
      </Box>
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        disabled={!ready}
        loading={submitting}
        loadingPosition="start"
        sx={{ minHeight: 48 }}
      >
        {t(submitting ? 'onboarding.saving' : 'onboarding.submit')}
      </Button>
    </Box>
  );
}
