import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import { COUNTRY_CODE, PHONE_MAX_LENGTH } from '@utsav/contracts';
import { DigitsField } from './DigitsField';
import { phoneDigits, phoneProblem } from './phone-input';
import { useAccountT, type AccountMessage } from '../../i18n';

interface PhoneStepProps {
  initialPhone: string;
  sending: boolean;
  /** focus the field at once (when coming back to change the number) */
  autoFocus: boolean;
  onSend: (digits: string) => void;
}

/** Step 1: the phone number; checked on submit (spec §5). */
export function PhoneStep({ initialPhone, sending, autoFocus, onSend }: PhoneStepProps) {
  const t = useAccountT();
  const [phone, setPhone] = useState(initialPhone);
  const [fieldError, setFieldError] = useState<AccountMessage | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const problem = phoneProblem(phone);
    setFieldError(problem);
    if (!problem) onSend(phone);
  }

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <DigitsField
        id="login-phone"
        name="phone"
        type="tel"
        label={t('login.phone.label')}
        value={phone}
        onChange={(value) => {
          setPhone(phoneDigits(value));
          setFieldError(null);
        }}
        error={fieldError && t(fieldError)}
        autoComplete="tel-national"
        // eslint-disable-next-line jsx-a11y/no-autofocus -- focus moves to the field the user's own step change just showed (code sent, or back to change the number), not on page load
        autoFocus={autoFocus}
        maxLength={PHONE_MAX_LENGTH}
        startAdornment={<InputAdornment position="start">{COUNTRY_CODE}</InputAdornment>}
      />
      <Button type="submit" variant="contained" size="large" fullWidth loading={sending} loadingPosition="start" sx={{ minHeight: 48 }}>
        {t(sending ? 'login.sending' : 'login.phone.send')}
      </Button>
    </Box>
  );
}
