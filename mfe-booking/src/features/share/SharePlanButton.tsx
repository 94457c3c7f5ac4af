import { lazy, Suspense, useState } from 'react';
import Button from '@mui/material/Button';
import ShareRounded from '@mui/icons-material/ShareRounded';
import { useShareT } from './i18n';

const ShareDialog = lazy(() => import('./ShareDialog'));

/** The plan page's Share button: opens the dialog that makes, sends, changes and revokes the plan's read-only link. */
export function SharePlanButton({ planId, title }: { planId: string; title: string }) {
  const t = useShareT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" startIcon={<ShareRounded />} onClick={() => setOpen(true)} sx={{ minHeight: 48 }}>
        {t('share.button')}
      </Button>
      <Suspense fallback={null}>{open && <ShareDialog open planId={planId} title={title} onClose={() => setOpen(false)} />}</Suspense>
    </>
  );
}
