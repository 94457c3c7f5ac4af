import { useId, useState, type FocusEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import LinkOffRounded from '@mui/icons-material/LinkOffRounded';
import WhatsApp from '@mui/icons-material/WhatsApp';
import { errorMessage, formatDay, LoadError, paths, toast, useApi, useApiCache, useChange, useLocale } from '@utsav/contracts';
import { BusyButton } from '@utsav/contracts/busy-button';
import { ConfirmDialog } from '@utsav/contracts/confirm-dialog';
import { planResources } from '@utsav/contracts/plan-resources';
import { createPlanShare, planKeys, revokePlanShare, updatePlanShare } from '@utsav/contracts/plans';
import type { PlanShare } from '@utsav/contracts/schemas';
import { useShareT } from './i18n';

/**
 * The links made on this page since it opened, by plan: the API answers a link's token once, when it is made, and
 * keeps only its hash, so a link can be copied or sent again only until the page is left.
 */
const madeHere = new Map<string, string>();

/** What a family member opens: the shared page on this app's origin. */
const linkOf = (token: string) => `${window.location.origin}${paths.sharedPlan(token)}`;

/** WhatsApp's share link: the chat picker, with the message (the plan's name and its link) written in. */
const whatsAppLink = (text: string) => `https://wa.me/?text=${encodeURIComponent(text)}`;

export interface ShareDialogProps {
  open: boolean;
  planId: string;
  /** the plan's title, for the message sent with the link */
  title: string;
  onClose: () => void;
}

/**
 * Sharing a plan read-only (issue 37, item 5): make a link, copy it or send it on WhatsApp, show or hide prices on
 * it, and stop sharing (the link is a 404 at once). Making a link again replaces the one before.
 */
export default function ShareDialog({ open, planId, title, onClose }: ShareDialogProps) {
  const t = useShareT();
  const locale = useLocale();
  const cache = useApiCache();
  const titleId = useId();
  const share = useApi(planResources.planShare(planId));
  const [link, setLink] = useState<string | null>(() => madeHere.get(planId) ?? null);
  // for a link not made yet: whether it will show prices (hidden unless the owner chooses)
  const [pricesOnNew, setPricesOnNew] = useState(false);
  const [confirmStop, setConfirmStop] = useState(false);
  const change = useChange((action: () => Promise<void>) => action());

  const show = (next: PlanShare | null) => cache.set(planKeys.share(planId), next);
  const attempt = async (action: () => Promise<void>) => {
    const outcome = await change.run(action);
    if (!outcome.ok && 'error' in outcome) toast.error(t('share.changeFailed', { reason: errorMessage(outcome.error, undefined, locale) }));
  };

  const create = (showPrices: boolean) =>
    attempt(async () => {
      const { token, ...made } = await createPlanShare(planId, { showPrices });
      const url = linkOf(token);
      madeHere.set(planId, url);
      setLink(url);
      show(made);
      toast.success(t('share.created'));
    });

  const setPrices = (showPrices: boolean) =>
    attempt(async () => {
      show(await updatePlanShare(planId, { showPrices }));
      toast.success(showPrices ? t('share.pricesShown') : t('share.pricesHidden'));
    });

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('share.copied'));
    } catch {
      toast.error(t('share.copyFailed'));
    }
  }

  const pricesSwitch = (checked: boolean, onChange: (value: boolean) => void) => (
    <FormControlLabel
      control={<Switch checked={checked} disabled={change.pending} onChange={(event) => onChange(event.target.checked)} />}
      label={
        <Box>
          <Typography>{t('share.showPrices')}</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('share.showPricesHint')}
          </Typography>
        </Box>
      }
      sx={{ alignItems: 'flex-start', m: 0, gap: 1, '& .MuiSwitch-root': { mt: -0.5 } }}
    />
  );

  let body;
  if (share.status === 'error') body = <LoadError message={t('share.loadError')} onRetry={share.retry} />;
  else if (share.status !== 'success') body = <Skeleton variant="rounded" height={160} role="status" aria-label={t('share.title')} />;
  else if (share.data === null) {
    body = (
      <>
        <Typography>{t('share.intro')}</Typography>
        {pricesSwitch(pricesOnNew, setPricesOnNew)}
        <BusyButton variant="contained" busy={change.pending} onClick={() => void create(pricesOnNew)}>
          {t('share.create')}
        </BusyButton>
      </>
    );
  } else {
    const current = share.data;
    body = (
      <>
        {link ? (
          <>
            <TextField label={t('share.link')} value={link} fullWidth slotProps={{ htmlInput: { readOnly: true, onFocus: (event: FocusEvent<HTMLInputElement>) => event.target.select() } }} />
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              <Button variant="outlined" startIcon={<ContentCopyRounded />} onClick={() => void copy(link)} sx={{ minHeight: 48 }}>
                {t('share.copy')}
              </Button>
              <Button
                variant="contained"
                component="a"
                href={whatsAppLink(t('share.whatsappText', { plan: title, link }))}
                target="_blank"
                rel="noopener noreferrer"
                startIcon={<WhatsApp />}
                sx={{ minHeight: 48 }}
              >
                {t('share.whatsapp')}
              </Button>
            </Box>
          </>
        ) : (
          <>
            <Typography>{t('share.activeSince', { date: formatDay(current.createdAt, locale) })}</Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('share.notKept')}
            </Typography>
            <BusyButton variant="outlined" busy={change.pending} onClick={() => void create(current.showPrices)} sx={{ alignSelf: 'flex-start' }}>
              {t('share.newLink')}
            </BusyButton>
          </>
        )}
        {pricesSwitch(current.showPrices, (value) => void setPrices(value))}
        <Button color="error" startIcon={<LinkOffRounded />} onClick={() => setConfirmStop(true)} disabled={change.pending} sx={{ alignSelf: 'flex-start', minHeight: 48 }}>
          {t('share.stop')}
        </Button>
      </>
    );
  }

  return (
    <>
      <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
        <DialogTitle id={titleId}>{t('share.title')}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>{body}</DialogContent>
        <DialogActions>
          <Button onClick={onClose} sx={{ minHeight: 48 }}>
            {t('share.close')}
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={confirmStop}
        onClose={() => setConfirmStop(false)}
        title={t('share.stopTitle')}
        text={t('share.stopText')}
        keepLabel={t('share.keep')}
        confirmLabel={t('share.stop')}
        change={() => revokePlanShare(planId)}
        successToast={t('share.stopped')}
        onChanged={() => {
          madeHere.delete(planId);
          setLink(null);
          show(null);
        }}
      />
    </>
  );
}
