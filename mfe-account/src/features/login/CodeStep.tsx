import type { FormEvent } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { COUNTRY_CODE, OTP_LENGTH } from '@utsav/contracts';
import { DigitsField } from './DigitsField';
import { verificationCodeSchema, type VerificationCode } from '@utsav/contracts/schemas';
import { codeDigits } from './phone-input';

const codeResolver = zodResolver(verificationCodeSchema);

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
  const form = useForm<VerificationCode>({
    defaultValues: { code: '' },
    resolver: codeResolver,
    // the message shows on submit and goes as soon as the code is edited
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const busy = verifying || resending;

  function submit(event: FormEvent<HTMLFormElement>) {
    if (busy) {
      event.preventDefault();
      return;
    }
    void form.handleSubmit(({ code }) => onVerify(code))(event);
  }

  async function resend() {
    // the old code stops being the one to type: clear it only once the new one is on its way
    if (await onResend()) form.reset({ code: '' });
  }

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography color="text.secondary">
        We sent a code to {COUNTRY_CODE} {phone}.
      </Typography>
      <Controller
        name="code"
        control={form.control}
        render={({ field, fieldState }) => (
          <DigitsField
            id="login-code"
            name={field.name}
            label="Verification Code"
            placeholder={`Enter ${OTP_LENGTH}-digit code`}
            value={field.value}
            onChange={(value) => {
              field.onChange(codeDigits(value));
              form.clearErrors('code');
            }}
            error={fieldState.error?.message ?? null}
            autoComplete="one-time-code"
            // eslint-disable-next-line jsx-a11y/no-autofocus -- focus moves to the field the user's own step change just showed (code sent, or back to change the number), not on page load
            autoFocus
            maxLength={OTP_LENGTH}
            // keep the placeholder visible: it tells how many digits to type
            shrinkLabel
          />
        )}
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
        {verifying ? 'Verifying…' : 'Verify Phone Number'}
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
        {resending ? 'Sending…' : secondsLeft > 0 ? `Resend Code (${secondsLeft}s)` : 'Resend Code'}
      </Button>
      <Button variant="text" size="large" onClick={onChangeNumber} disabled={busy} sx={{ alignSelf: 'center', minHeight: 48 }}>
        Change number
      </Button>
    </Box>
  );
}
