import type { Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  GENDERS,
  onboardingProfileSchema,
  type Gender,
  type OnboardingProfile,
  type ServiceChoice,
} from '@utsav/contracts/schemas';
import type { AccountMessage } from '../../i18n';

/**
 * What the onboarding form holds (spec §3 "Onboarding form data"), as the inputs give it: text
 * fields are strings (age too) and '' stands for "nothing chosen yet" in the radio groups. The
 * photo is a File kept outside the form: it only becomes `profilePhoto` (its url) on submit.
 */
export interface OnboardingFormValues {
  name: string;
  email: string;
  age: string;
  phone: string;
  gender: Gender | '';
  service: ServiceChoice | '';
  skippedService: boolean;
}

/** The fields of step 1, 'Basic Information': Next checks only these. */
export const STEP_ONE_FIELDS = ['name', 'email', 'age', 'phone', 'gender'] as const satisfies readonly (keyof OnboardingFormValues)[];

/** Each gender's name in the catalogue. */
export const GENDER_LABELS: Record<Gender, AccountMessage> = { male: 'onboarding.gender.male', female: 'onboarding.gender.female', other: 'onboarding.gender.other' };
export const GENDER_OPTIONS = GENDERS.map((value) => ({ value, label: GENDER_LABELS[value] }));

/** Each service's name in the catalogue (the value the API keeps stays the English category). */
export const SERVICE_NAMES: Record<ServiceChoice, AccountMessage> = {
  Photography: 'service.photography',
  Catering: 'service.catering',
  Makeup: 'service.makeup',
  Venues: 'service.venues',
  Haircut: 'service.haircut',
  Massage: 'service.massage',
  Facial: 'service.facial',
  'Manicure/Pedicure': 'service.manicurePedicure',
  'Personal Training': 'service.personalTraining',
  Tutoring: 'service.tutoring',
  'Wedding Planning': 'service.weddingPlanning',
};

/**
 * Everything starts empty but the phone the user signed in with. (The spec's sample defaults,
 * name '{name}', age 29 and gender male, were a development leftover.)
 */
export function initialValues(phone: string | null): OnboardingFormValues {
  return { name: '', email: '', age: '', phone: phone ?? '', gender: '', service: '', skippedService: false };
}

/**
 * The contracts' schema, the one the API checks too, validates the form and gives its messages.
 * Its input type says gender is already one of GENDERS; the form's '' is exactly what the schema
 * reports as 'Gender is required', so only the static type needs bridging here.
 */
export const onboardingResolver = zodResolver(onboardingProfileSchema) as unknown as Resolver<
  OnboardingFormValues,
  unknown,
  OnboardingProfile
>;
