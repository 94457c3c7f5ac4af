import { useRef, useState } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Typography from '@mui/material/Typography';
import { errorMessage, saveAccountSettings, toast, useLocale } from '@utsav/contracts';
import type { ConsumerProfile, NotificationSettings as Notifications } from '@utsav/contracts/schemas';
import { useAccountT, type AccountMessage } from '../../i18n';
import { notificationsOf } from './account-values';

const CHANNELS: { key: keyof Notifications; label: AccountMessage }[] = [
  { key: 'email', label: 'notifications.email' },
  { key: 'sms', label: 'notifications.sms' },
  { key: 'push', label: 'notifications.push' },
];

type SaveStatus = 'idle' | 'saving' | 'saved';

interface NotificationSettingsProps {
  uid: string;
  profile: ConsumerProfile;
  onProfileChange: (change: (profile: ConsumerProfile) => ConsumerProfile) => void;
}

/**
 * Email, SMS and Push (spec §9 defaults on/off/on until the profile has its own). A change shows
 * at once and is saved right away, all three together; a failed save puts back the last values
 * the server took and says so.
 */
export function NotificationSettings({ uid, profile, onProfileChange }: NotificationSettingsProps) {
  const t = useAccountT();
  const locale = useLocale();
  const [values, setValues] = useState<Notifications>(() => notificationsOf(profile));
  const [status, setStatus] = useState<SaveStatus>('idle');
  /** what the server last confirmed */
  const confirmed = useRef(values);
  /** only the answer to the latest change decides what is shown */
  const latestRequest = useRef(0);

  async function toggle(key: keyof Notifications, checked: boolean) {
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
              />
            }
            sx={{ minHeight: 48 }}
          />
        ))}
      </FormGroup>
      <Typography role="status" variant="body2" sx={{ color: 'text.secondary', minHeight: 20 }}>
        {status === 'saving' ? t('notifications.saving') : status === 'saved' ? t('notifications.saved') : ''}
      </Typography>
    </FormControl>
  );
}
