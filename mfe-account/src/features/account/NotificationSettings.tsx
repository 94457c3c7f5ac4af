import { useId, useRef, useState } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Typography from '@mui/material/Typography';
import { errorMessage, requestEmailVerification, saveAccountSettings, toast, useApi, useChange, useLocale } from '@utsav/contracts';
import { userResources } from '@utsav/contracts/resources';
import type { ConsumerProfile, NotificationSettings as Notifications } from '@utsav/contracts/schemas';
import { useAccountT, type AccountMessage } from '../../i18n';
import { notificationsOf } from './account-values';

type Channel = keyof Notifications;

/** WhatsApp (issue 37, item 6) is opt-in, and says where its messages go: the number the user signed in with. */
const CHANNELS: { key: Channel; label: AccountMessage }[] = [
  { key: 'email', label: 'notifications.email' },
  { key: 'sms', label: 'notifications.sms' },
  { key: 'whatsapp', label: 'notifications.whatsapp' },
  { key: 'push', label: 'notifications.push' },
];

type SaveStatus = 'idle' | 'saving' | 'saved';

interface NotificationSettingsProps {
  uid: string;
  profile: ConsumerProfile;
  onProfileChange: (change: (profile: ConsumerProfile) => ConsumerProfile) => void;
}

/**
 * Email, SMS, WhatsApp and Push (spec §9 defaults on/off/on until the profile has its own; WhatsApp off:
 * opt-in). A change shows at once and is saved right away, all four together; a failed save puts back
 * the last values the server took and says so.
 */
export function NotificationSettings({ uid, profile, onProfileChange }: NotificationSettingsProps) {
  const t = useAccountT();
  const locale = useLocale();
  const [values, setValues] = useState<Required<Notifications>>(() => notificationsOf(profile));
  const [status, setStatus] = useState<SaveStatus>('idle');
  const whatsAppNumberId = useId();
  /** what the server last confirmed */
  const confirmed = useRef(values);
  /** only the answer to the latest change decides what is shown */
  const latestRequest = useRef(0);

  async function toggle(key: Channel, checked: boolean) {
    const next = { ...values, [key]: checked };
    setValues(next);
    setStatus('saving');
    const request = ++latestRequest.current;
    try {
      await saveAccountSettings(uid, { notifications: next });
      confirmed.current = next;
      onProfileChange((current) => ({ ...current, notifications: next }));
      if (request === latestRequest.current) setStatus('saved');
    } catch (failure) {
      console.error('Saving the notification settings failed', failure);
      if (request !== latestRequest.current) return;
      setValues(confirmed.current);
      setStatus('idle');
      toast.error(t('notifications.saveFailed', { reason: errorMessage(failure, undefined, locale) }));
    }
  }

  return (
    <FormControl component="fieldset" variant="standard">
      <FormLabel component="legend" sx={{ typography: 'subtitle1', fontWeight: 600, color: 'text.primary' }}>
        {t('notifications.title')}
      </FormLabel>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 0.5 }}>
        {t('notifications.hint')}
      </Typography>
      <FormGroup>
        {CHANNELS.map(({ key, label }) => (
          <FormControlLabel
            key={key}
            label={t(label)}
            control={
              <Checkbox
                name={`notifications-${key}`}
                checked={values[key]}
                onChange={(_event, checked) => void toggle(key, checked)}
                slotProps={key === 'whatsapp' ? { input: { 'aria-describedby': whatsAppNumberId } } : undefined}
              />
            }
            sx={{ minHeight: 48 }}
          />
        ))}
      </FormGroup>
      <Typography id={whatsAppNumberId} variant="body2" sx={{ color: 'text.secondary' }}>
        {t('notifications.whatsappNumber', { phone: profile.phone })}
      </Typography>
      <Typography role="status" variant="body2" sx={{ color: 'text.secondary', minHeight: 20 }}>
        {status === 'saving' ? t('notifications.saving') : status === 'saved' ? t('notifications.saved') : ''}
      </Typography>
      {/* a new address starts over (keyed): asked anew, nothing said as sent */}
      <EmailVerificationNotice key={profile.email} uid={uid} email={profile.email} />
    </FormControl>
  );
}

/**
 * Whether the profile's email is verified (issue 34): until a link sent to it is opened, no email goes to it,
 * and this says so, with a button that sends the link again.
 */
function EmailVerificationNotice({ uid, email }: { uid: string; email: string }) {
  const t = useAccountT();
  const locale = useLocale();
  // nothing is said until it is known (the settings above work either way)
  const known = useApi(userResources.emailVerification(uid, email));
  const sending = useChange(requestEmailVerification);
  const [sentTo, setSentTo] = useState<string | null>(null);

  if (known.status !== 'success') return null;
  const verification = known.data;
  if (verification.verified) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('notifications.emailVerified', { email: verification.email })}
      </Typography>
    );
  }

  async function send() {
    const outcome = await sending.run(uid);
    if (outcome.ok) setSentTo(outcome.value.email);
    else if ('error' in outcome) toast.error(t('notifications.linkFailed', { reason: errorMessage(outcome.error, undefined, locale) }));
  }

  return (
    <div>
      <Typography variant="body2" sx={{ color: 'text.primary' }}>
        {t('notifications.emailUnverified', { email: verification.email })}
      </Typography>
      <Typography role="status" variant="body2" sx={{ color: 'text.secondary', minHeight: 20 }}>
        {sentTo ? t('notifications.linkSent', { email: sentTo }) : ''}
      </Typography>
      <Button variant="outlined" size="small" disabled={sending.pending} onClick={() => void send()} sx={{ minHeight: 48 }}>
        {t('notifications.sendLink')}
      </Button>
    </div>
  );
}
