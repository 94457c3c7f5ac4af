import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useAccountT, type AccountMessage } from '../../i18n';

const FIELDS = [
  { name: 'currentPassword', label: 'password.current', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'password.new', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'password.confirm', autoComplete: 'new-password' },
] as const satisfies readonly { name: string; label: AccountMessage; autoComplete: string }[];

/**
 * The spec's Change Password form. A phone-code account has no password, so the form is shown as
 * laid out but switched off, with the reason above it (and tied to every field).
 */
export function PasswordSection() {
  const t = useAccountT();
  return (
    <Box component="section" aria-labelledby="account-password-heading" sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography id="account-password-heading" component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t('password.title')}
      </Typography>
      <Alert severity="info" id="account-password-reason">
        {t('password.none')}
      </Alert>
      <Box
        component="form"
        aria-labelledby="account-password-heading"
        aria-describedby="account-password-reason"
        noValidate
        onSubmit={(event) => event.preventDefault()}
        sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
      >
        {FIELDS.map((field) => (
          <TextField
            key={field.name}
            id={`account-${field.name}`}
            name={field.name}
            label={t(field.label)}
            type="password"
            autoComplete={field.autoComplete}
            disabled
            fullWidth
            slotProps={{ htmlInput: { 'aria-describedby': 'account-password-reason' } }}
          />
        ))}
        <Button type="submit" variant="outlined" size="large" fullWidth disabled sx={{ minHeight: 48 }}>
          {t('password.update')}
        </Button>
      </Box>
    </Box>
  );
}
