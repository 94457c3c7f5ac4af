import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { COUNTRY_CODE, OTP_LENGTH } from '@utsav/contracts';
import { DigitsField } from './DigitsField';
import { CODE_VALUES, codeDigits, codeProblem } from './phone-input';
import { useAccountT, type AccountMessage } from '../../i18n';

interface CodeStepProps {
  /** the digits the code was sent to */
  phone: string;
  secondsLeft: number;
  verifying: boolean;
  resending: boolean;
  onVerify: (code: string) => void;
  /** resolves to whether a new code went out */
  onResend: () => Promise<boolean>;
  onChangeNumber: () => void;
}

/** Step 2: the texted code, with a resend blocked while the countdown runs (spec §4, §5). */
export function CodeStep({ phone, secondsLeft, verifying, resending, onVerify, onResend, onChangeNumber }: CodeStepProps) {
  const t = useAccountT();
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<AccountMessage | null>(null);
  const busy = verifying || resending;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const problem = codeProblem(code);
    setFieldError(problem);
    if (!problem) onVerify(code);
  }

  async function resend() {
    // the old code stops being the one to type: clear it only once the new one is on its way
    if (await onResend()) {
      setCode('');
      setFieldError(null);
    }
  }

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography color="text.secondary">
        {t('login.code.sentTo', { countryCode: COUNTRY_CODE, phone })}
      </Typography>
      <DigitsField
        id="login-code"
        name="code"
        label={t('login.code.label')}
        placeholder={t('login.code.placeholder', CODE_VALUES)}
        value={code}
        onChange={(value) => {
          setCode(codeDigits(value));
          setFieldError(null);
        }}
        error={fieldError && t(fieldError, CODE_VALUES)}
        autoComplete="one-time-code"
        // eslint-disable-next-line jsx-a11y/no-autofocus -- focus moves to the field the user's own step change just showed (code sent, or back to change the number), not on page load
        autoFocus
        maxLength={OTP_LENGTH}
        // keep the placeholder visible: it tells how many digits to type
        shrinkLabel
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        loading={verifying}
        loadingPosition="start"
        disabled={resending}
        // 48 px: a comfortable thumb target on phones
        sx={{ minHeight: 48 }}
      >
        {t(verifying ? 'login.code.verifying' : 'login.code.verify')}
      </Button>
      <Button
        variant="outlined"
        size="large"
        fullWidth
        onClick={() => void resend()}
        loading={resending}
        loadingPosition="start"
        disabled={verifying || secondsLeft > 0}
        sx={{ minHeight: 48 }}
      >
        {resending ? t('login.sending') : secondsLeft > 0 ? t('login.code.resendIn', { seconds: secondsLeft }) : t('login.code.resend')}
      </Button>
      <Button variant="text" size="large" onClick={onChangeNumber} disabled={busy} sx={{ alignSelf: 'center', minHeight: 48 }}>
        {t('login.code.changeNumber')}
      </Button>
    </Box>
  );
}
