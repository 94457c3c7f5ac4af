import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FormProvider, useForm, type FieldErrors } from 'react-hook-form';
import { useNavigate } from '@utsav/contracts/router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import {
  ApiError,
  ONBOARDING_STEPS,
  refreshProfile,
  saveConsumerProfile,
  uploadPhoto,
} from '@utsav/contracts';
import type { OnboardingProfile } from '@utsav/contracts/schemas';
import { BasicInfoStep } from './BasicInfoStep';
import { initialValues, onboardingResolver, STEP_ONE_FIELDS, type OnboardingFormValues } from './form-values';
import { ServiceStep } from './ServiceStep';
import { useAccountT, type AccountMessage } from '../../i18n';

type Step = 1 | 2;

const STEP_TITLES: Record<Step, AccountMessage> = { 1: 'onboarding.step.basic', 2: 'onboarding.step.service' };

/** What a failed submit says when the server gave no reason of its own. */
export const SUBMIT_FAILED = 'onboarding.submitFailed' satisfies AccountMessage;

/** A failed submit: the server's own words (shown as they are), or none (SUBMIT_FAILED). */
interface SubmitError {
  serverMessage: string | null;
}

interface OnboardingFormProps {
  uid: string;
  /** the number the user signed in with, prefilled and editable */
  phone: string | null;
  /** where to go once the profile is saved: the page the user was going to (?next=), or home */
  next: string;
}

/**
 * The two-step onboarding form (spec §2, §4, §5). On submit: the photo is uploaded first (if
 * any), its url goes into the profile, the profile is saved, the session's profile is refreshed
 * and the app goes to `next` (home, or the page the user was going to), replacing /onboarding. A failure
 * is shown and everything typed stays.
 */
export function OnboardingForm({ uid, phone, next }: OnboardingFormProps) {
  const t = useAccountT();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>(1);
  const [photo, setPhoto] = useState<File | null>(null);
  const [submitError, setSubmitError] = useState<SubmitError | null>(null);
  // a photo already uploaded is not sent again when only the save has to be retried
  const uploaded = useRef<{ file: File; url: string } | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstStepRender = useRef(true);

  const form = useForm<OnboardingFormValues, unknown, OnboardingProfile>({
    defaultValues: initialValues(phone),
    resolver: onboardingResolver,
  });
  const submitting = form.formState.isSubmitting;

  // a new step is announced by moving focus to its heading (not on the first render)
  useEffect(() => {
    if (firstStepRender.current) {
      firstStepRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  async function goToStepTwo() {
    if (await form.trigger([...STEP_ONE_FIELDS], { shouldFocus: true })) setStep(2);
  }

  async function save(values: OnboardingProfile) {
    setSubmitError(null);
    try {
      let profilePhoto: string | null = null;
      if (photo) {
        if (uploaded.current?.file !== photo) {
          uploaded.current = { file: photo, url: await uploadPhoto(uid, photo, photo.name) };
        }
        profilePhoto = uploaded.current.url;
      }
      await saveConsumerProfile(uid, {
        ...values,
        profilePhoto,
        service: values.skippedService ? null : (values.service ?? null),
      });
    } catch (error) {
      console.error('Onboarding submit failed', error);
      setSubmitError({ serverMessage: error instanceof ApiError && error.message ? error.message : null });
      return;
    }
    // the profile is saved: whatever the refresh says, the guard takes it from here
    await refreshProfile().catch(() => undefined);
    navigate(next, { replace: true });
  }

  function invalid(errors: FieldErrors<OnboardingFormValues>) {
    // normally caught by Next already; go back to step 1 if one of its fields is wrong after all
    if (STEP_ONE_FIELDS.some((name) => errors[name])) setStep(1);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    if (step === 1) {
      event.preventDefault();
      void goToStepTwo();
      return;
    }
    void form.handleSubmit(save, invalid)(event);
  }

  const progressLabelId = 'onboarding-progress-label';

  return (
    <FormProvider {...form}>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Typography id={progressLabelId} variant="body2" color="text.secondary">
          {t('onboarding.progress', { step, steps: ONBOARDING_STEPS })}
        </Typography>
        <LinearProgress
          variant="determinate"
          value={(step / ONBOARDING_STEPS) * 100}
          aria-labelledby={progressLabelId}
          sx={{ height: 8, borderRadius: 4 }}
        />
      </Box>
      <Typography ref={headingRef} tabIndex={-1} component="h2" variant="h6" sx={{ outline: 'none' }}>
        {t(STEP_TITLES[step])}
      </Typography>
      {submitError && (
        <Alert severity="error" role="alert">
          {submitError.serverMessage ?? t(SUBMIT_FAILED)}
        </Alert>
      )}
      <Box component="form" noValidate onSubmit={submit} aria-label={t('onboarding.formLabel')}>
        {step === 1 ? (
          <BasicInfoStep key="basic" photo={photo} onPhotoChange={setPhoto} />
        ) : (
          <ServiceStep key="service" submitting={submitting} onBack={() => setStep(1)} />
        )}
      </Box>
    </FormProvider>
  );
}
