import { useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import { errorMessage, refreshProfile, saveConsumerProfile, toast, useLocale } from '@utsav/contracts';
import { FormTextField } from '@utsav/contracts/form';
import { AGE_MAX, AGE_MIN, type ConsumerProfile, type OnboardingProfile } from '@utsav/contracts/schemas';
import { GenderField, onboardingResolver, type OnboardingFormValues } from '../onboarding';
import { profileFormValues } from './account-values';
import { PHONE_HELP } from '../../components/sign-in-phone';
import { useAccountT } from '../../i18n';

type EditableField = 'name' | 'email' | 'age';
const SHOWN_FIELDS: readonly (keyof OnboardingFormValues)[] = ['name', 'email', 'age', 'gender', 'phone'];


interface ProfileFormProps {
  uid: string;
  profile: ConsumerProfile;
  onProfileChange: (change: (profile: ConsumerProfile) => ConsumerProfile) => void;
}

/**
 * Full name, Email, Age, Gender (as onboarding set them, editable here) and the (read-only) Phone, checked by the contracts' onboarding schema through
 * onboarding's own resolver, so the messages are the same. Saving sends the whole profile back
 * with the changes; a failure keeps what was typed.
 */
export function ProfileForm({ uid, profile, onProfileChange }: ProfileFormProps) {
  const t = useAccountT();
  const locale = useLocale();
  /** the schema's messages about fields this page does not show (shown as the schema words them) */
  const [hiddenProblems, setHiddenProblems] = useState<string[]>([]);
  const form = useForm<OnboardingFormValues, unknown, OnboardingProfile>({
    defaultValues: profileFormValues(profile),
    resolver: onboardingResolver,
  });
  const saving = form.formState.isSubmitting;

  async function save(values: OnboardingProfile) {
    setHiddenProblems([]);
    // the photo is not a field of this form: send the one the profile has now
    const sent = { ...values, profilePhoto: profile.profilePhoto, service: values.service ?? null };
    try {
      const saved = await saveConsumerProfile(uid, sent);
      const next = { ...profile, ...sent, ...saved };
      onProfileChange((current) => ({ ...current, ...sent, ...saved }));
      form.reset(profileFormValues(next));
    } catch (failure) {
      console.error('Saving the profile failed', failure);
      toast.error(t('profile.saveFailed', { reason: errorMessage(failure, undefined, locale) }));
      return;
    }
    toast.success(t('profile.saved'));
    void refreshProfile().catch(() => undefined);
  }

  function invalid(errors: FieldErrors<OnboardingFormValues>) {
    // the service is not on this page; a stored profile fails on it only if the
    // server let it through, but say so rather than refuse to save without a word
    const others = Object.entries(errors)
      .filter(([name]) => !SHOWN_FIELDS.includes(name as keyof OnboardingFormValues))
      .map(([, error]) => error?.message)
      .filter((message): message is string => Boolean(message));
    setHiddenProblems(others);
  }

  function textField(name: EditableField, label: string, type: string, autoComplete: string) {
    const inputMode = type === 'email' ? 'email' : type === 'number' ? 'numeric' : 'text';
    const range = type === 'number' ? { min: AGE_MIN, max: AGE_MAX, step: 1 } : {};
    return (
      <FormTextField
        form={form}
        name={name}
        id={`account-${name}`}
        label={label}
        type={type}
        autoComplete={autoComplete}
        disabled={saving}
        fullWidth
        slotProps={{ htmlInput: { 'aria-required': true, inputMode, ...range } }}
      />
    );
  }

  return (
    <Box
      component="form"
      noValidate
      aria-label={t('profile.formLabel')}
      onSubmit={(event) => void form.handleSubmit(save, invalid)(event)}
      // a field focused for its error (after Save, at the foot of the form) comes out from under the
      // shell's sticky top bar (56-64 px) rather than staying hidden behind it (WCAG 2.4.11)
      sx={{ display: 'flex', flexDirection: 'column', gap: 2, '& input': { scrollMarginTop: 80 } }}
    >
      {hiddenProblems.length > 0 && (
        <Alert severity="error" role="alert">
          {t('profile.needsAttention', { problems: hiddenProblems.join(' ') })}
        </Alert>
      )}
      {textField('name', t('profile.name'), 'text', 'name')}
      {textField('email', t('profile.email'), 'email', 'email')}
      {textField('age', t('profile.age'), 'number', 'off')}
      <GenderField form={form} idPrefix="account" disabled={saving} />
      <TextField
        id="account-phone"
        name="phone"
        label={t('profile.phone')}
        type="tel"
        value={profile.phone}
        helperText={t(PHONE_HELP)}
        fullWidth
        slotProps={{ htmlInput: { readOnly: true } }}
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        disabled={saving}
        startIcon={saving ? <CircularProgress size={20} color="inherit" aria-hidden /> : undefined}
        sx={{ minHeight: 48 }}
      >
        {t(saving ? 'profile.saving' : 'profile.save')}
      </Button>
    </Box>
  );
}
