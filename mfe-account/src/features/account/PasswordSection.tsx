import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';

export const NO_PASSWORD =
  'You sign in with a one-time code sent to your phone, so there is no password to change.';

const FIELDS = [
  { name: 'currentPassword', label: 'Current password', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'New password', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'Confirm new password', autoComplete: 'new-password' },
] as const;

/**
 * The spec's Change Password form. A phone-code account has no password, so the form is shown as
 * laid out but switched off, with the reason above it (and tied to every field).
 */
export function PasswordSection() {
  return (
    <Box component="section" aria-labelledby="account-password-heading" sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography id="account-password-heading" component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
        Change Password
      </Typography>
      <Alert severity="info" id="account-password-reason">
        {NO_PASSWORD}
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
            label={field.label}
            type="password"
            autoComplete={field.autoComplete}
            disabled
            fullWidth
            slotProps={{ htmlInput: { 'aria-describedby': 'account-password-reason' } }}
          />
        ))}
        <Button type="submit" variant="outlined" size="large" fullWidth disabled sx={{ minHeight: 48 }}>
          Update password
        </Button>
      </Box>
    </Box>
  );
}
