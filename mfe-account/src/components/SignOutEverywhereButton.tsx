import { useState } from 'react';
import { useNavigate } from '@utsav/contracts/router';
import Button from '@mui/material/Button';
import { paths, signOut, signOutEverywhere } from '@utsav/contracts';
import { ConfirmDialog } from '@utsav/contracts/confirm-dialog';
import { useAccountT } from '../i18n';

/**
 * My Account's "Sign out of all devices", after a confirmation: the API ends every server session of the user
 * and revokes their sign-in on every device; then this device signs out too and goes to /login (replacing the page).
 */
export function SignOutEverywhereButton() {
  const t = useAccountT();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);

  async function signOutOfAllDevices() {
    await signOutEverywhere();
    // this device's sign-in was revoked with the others: whatever signing out here says, leave for /login
    await signOut().catch((caught: unknown) => console.error('Signing out after signing out everywhere failed', caught));
  }

  return (
    <>
      <Button variant="text" color="inherit" size="large" fullWidth onClick={() => setOpen(true)} sx={{ minHeight: 48 }}>
        {t('signOutEverywhere.label')}
      </Button>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        title={t('signOutEverywhere.dialogTitle')}
        text={t('signOutEverywhere.what')}
        keepLabel={t('signOutEverywhere.cancel')}
        confirmLabel={t('signOutEverywhere.confirm')}
        change={signOutOfAllDevices}
        successToast={t('signOutEverywhere.done')}
        onChanged={() => navigate(paths.login(), { replace: true })}
        describe={(reason) => t('signOutEverywhere.failed', { reason })}
      />
    </>
  );
}
