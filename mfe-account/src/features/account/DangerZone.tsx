import { useState } from 'react';
import { useNavigate } from '@utsav/contracts/router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { deleteAccount, errorMessage, paths, signOut, toast, useChange, useLocale } from '@utsav/contracts';
import { useAccountT } from '../../i18n';

/** Typed to confirm, in every language (it is not translated: the same word whatever the page's language). */
export const CONFIRM_WORD = 'DELETE';

function DeleteAccountDialog({ uid, open, onClose }: { uid: string; open: boolean; onClose: () => void }) {
  const t = useAccountT();
  const locale = useLocale();
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const deletion = useChange(async (account: string) => {
    await deleteAccount(account);
    // the account is gone (its sign-in too): whatever signing out here says, leave for /login
    await signOut().catch((failure: unknown) => console.error('Signing out after deletion failed', failure));
  });
  const deleting = deletion.pending;
  /** why the deletion failed, said in the page's language */
  const error = deletion.error === null ? null : t('danger.failed', { reason: errorMessage(deletion.error, undefined, locale) });
  const confirmed = typed.trim() === CONFIRM_WORD;

  async function confirm() {
    const outcome = await deletion.run(uid);
    if (!outcome.ok) {
      if ('error' in outcome) {
        console.error('Deleting the account failed', outcome.error);
        toast.error(t('danger.failed', { reason: errorMessage(outcome.error, undefined, locale) }));
      }
      return;
    }
    navigate(paths.login(), { replace: true });
  }

  function close() {
    if (deleting) return;
    setTyped('');
    deletion.reset();
    onClose();
  }

  return (
    <Dialog open={open} onClose={close} aria-labelledby="delete-account-title" aria-describedby="delete-account-what" fullWidth maxWidth="xs">
      <DialogTitle id="delete-account-title">{t('danger.dialogTitle')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box id="delete-account-what">
          <Typography variant="body2" sx={{ mb: 1 }}>
            {t('danger.whatGoes')}
          </Typography>
          <Typography variant="body2">
            {t('danger.whatStays')}
          </Typography>
        </Box>
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        <TextField
          id="delete-account-confirm"
          label={t('danger.typeToConfirm', { word: CONFIRM_WORD })}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          disabled={deleting}
          autoComplete="off"
          fullWidth
          slotProps={{ htmlInput: { autoCapitalize: 'characters', spellCheck: false } }}
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, gap: 1, flexWrap: 'wrap' }}>
        <Button onClick={close} disabled={deleting} size="large" sx={{ minHeight: 48 }}>
          {t('danger.cancel')}
        </Button>
        <Button
          onClick={() => void confirm()}
          disabled={!confirmed || deleting}
          variant="contained"
          color="error"
          size="large"
          startIcon={deleting ? <CircularProgress size={20} color="inherit" aria-hidden /> : undefined}
          sx={{ minHeight: 48 }}
        >
          {t('danger.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** 'Danger Zone': deleting the account, only after it is confirmed by typing DELETE. */
export function DangerZone({ uid }: { uid: string }) {
  const t = useAccountT();
  const [open, setOpen] = useState(false);
  return (
    <Box
      component="section"
      aria-labelledby="account-danger-heading"
      sx={{ border: 1, borderColor: 'error.main', borderRadius: 2, p: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }}
    >
      <Typography id="account-danger-heading" component="h2" variant="subtitle1" sx={{ fontWeight: 600, color: 'error.main' }}>
        {t('danger.title')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('danger.hint')}
      </Typography>
      <Button variant="outlined" color="error" size="large" fullWidth onClick={() => setOpen(true)} sx={{ minHeight: 48 }}>
        {t('danger.delete')}
      </Button>
      <DeleteAccountDialog uid={uid} open={open} onClose={() => setOpen(false)} />
    </Box>
  );
}
