import type { FormEvent } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import { COUNTRY_CODE, PHONE_MAX_LENGTH } from '@utsav/contracts';
import { DigitsField } from './DigitsField';
import { phoneSignInSchema, type PhoneSignIn } from '@utsav/contracts/schemas';
import { phoneDigits } from './phone-input';

const phoneResolver = zodResolver(phoneSignInSchema);

interface PhoneStepProps {
  initialPhone: string;
  sending: boolean;
  /** focus the field at once (when coming back to change the number) */
  autoFocus: boolean;
  onSend: (digits: string) => void;
}

/** Step 1: the phone number; checked on submit (spec §5). */
export function PhoneStep({ initialPhone, sending, autoFocus, onSend }: PhoneStepProps) {
  const form = useForm<PhoneSignIn>({
    defaultValues: { phone: initialPhone },
    resolver: phoneResolver,
    // the message shows on submit and goes as soon as the number is edited
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    if (sending) {
      event.preventDefault();
      return;
    }
    void form.handleSubmit(({ phone }) => onSend(phone))(event);
  }

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Controller
        name="phone"
        control={form.control}
        render={({ field, fieldState }) => (
          <DigitsField
            id="login-phone"
            name={field.name}
            type="tel"
            label="Phone Number"
            value={field.value}
            onChange={(value) => {
              field.onChange(phoneDigits(value));
              form.clearErrors('phone');
            }}
            error={fieldState.error?.message ?? null}
            autoComplete="tel-national"
            // eslint-disable-next-line jsx-a11y/no-autofocus -- focus moves to the field the user's own step change just showed (code sent, or back to change the number), not on page load
            autoFocus={autoFocus}
            maxLength={PHONE_MAX_LENGTH}
            startAdornment={<InputAdornment position="start">{COUNTRY_CODE}</InputAdornment>}
          />
        )}
      />
      <Button type="submit" variant="contained" size="large" fullWidth loading={sending} loadingPosition="start" sx={{ minHeight: 48 }}>
        {sending ? 'Sending…' : 'Send Verification Code'}
      </Button>
    </Box>
  );
}
