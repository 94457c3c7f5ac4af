import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { toast, useChange } from '@utsav/contracts';
import { authErrorId } from '../login';
import { changePassword, PASSWORD_MIN_LENGTH } from './password-account';
import { useAccountT, type AccountMessage } from '../../i18n';

type PasswordField = 'currentPassword' | 'newPassword' | 'confirmPassword';
type Problems = Partial<Record<PasswordField, AccountMessage>>;

const FIELDS = [
  { name: 'currentPassword', label: 'password.current', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'password.new', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'password.confirm', autoComplete: 'new-password' },
] as const satisfies readonly { name: PasswordField; label: AccountMessage; autoComplete: string }[];

const EMPTY: Record<PasswordField, string> = { currentPassword: '', newPassword: '', confirmPassword: '' };
const LENGTH_VALUES = { min: PASSWORD_MIN_LENGTH };

/** What is wrong with the form, field by field (empty when it can be sent). */
export function passwordProblems(values: Record<PasswordField, string>): Problems {
  const problems: Problems = {};
  if (values.currentPassword === '') problems.currentPassword = 'password.currentRequired';
  if (values.newPassword.length < PASSWORD_MIN_LENGTH) problems.newPassword = 'password.tooShort';
  else if (values.confirmPassword !== values.newPassword) problems.confirmPassword = 'password.mismatch';
  return problems;
}

/** Firebase's answers that are about one field of the form. */
const FIELD_FAILURES: Record<string, [PasswordField, AccountMessage]> = {
  'auth/wrong-password': ['currentPassword', 'password.wrongCurrent'],
  'auth/invalid-credential': ['currentPassword', 'password.wrongCurrent'],
  'auth/invalid-login-credentials': ['currentPassword', 'password.wrongCurrent'],
  'auth/weak-password': ['newPassword', 'password.weak'],
};

function failureCode(failure: unknown): string {
  return typeof failure === 'object' && failure !== null && 'code' in failure && typeof failure.code === 'string' ? failure.code : '';
}

/**
 * The spec's Change Password form, for an account that has a password (My Account shows it only then:
 * a phone-code account has none). The current password is checked again by Firebase before the change.
 */
export function PasswordSection() {
  const t = useAccountT();
  const [values, setValues] = useState(EMPTY);
  const [problems, setProblems] = useState<Problems>({});
  const [failed, setFailed] = useState<AccountMessage | null>(null);
  const change = useChange(changePassword);
  const saving = change.pending;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const found = passwordProblems(values);
    setProblems(found);
    setFailed(null);
    if (Object.keys(found).length > 0) return;
    const outcome = await change.run(values.currentPassword, values.newPassword);
    if (outcome.ok) {
      setValues(EMPTY);
      toast.success(t('password.updated'));
    } else if ('error' in outcome) {
      const field = FIELD_FAILURES[failureCode(outcome.error)];
      if (field) setProblems({ [field[0]]: field[1] });
      else setFailed(authErrorId(outcome.error));
    }
  }

  return (
    <Box component="section" aria-labelledby="account-password-heading" sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography id="account-password-heading" component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t('password.title')}
      </Typography>
      {failed && (
        <Alert severity="error" role="alert">
          {t('password.failed', { reason: t(failed) })}
        </Alert>
      )}
      <Box
        component="form"
        aria-labelledby="account-password-heading"
        noValidate
        onSubmit={(event) => void submit(event)}
        sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
      >
        {FIELDS.map((field) => {
          const problem = problems[field.name];
          return (
            <TextField
              key={field.name}
              id={`account-${field.name}`}
              name={field.name}
              label={t(field.label)}
              type="password"
              autoComplete={field.autoComplete}
              value={values[field.name]}
              onChange={(event) => {
                setValues((current) => ({ ...current, [field.name]: event.target.value }));
                setProblems((current) => ({ ...current, [field.name]: undefined }));
              }}
              error={problem !== undefined}
              helperText={problem && t(problem, LENGTH_VALUES)}
              disabled={saving}
              fullWidth
              slotProps={{ htmlInput: { 'aria-required': true } }}
            />
          );
        })}
        <Button type="submit" variant="outlined" size="large" fullWidth loading={saving} loadingPosition="start" sx={{ minHeight: 48 }}>
          {t(saving ? 'password.updating' : 'password.update')}
        </Button>
      </Box>
    </Box>
  );
}
