import { SERVICE_CATEGORIES } from './catalog';
import * as z from './zod';
import { label, said, type Said } from '../validation-messages';
import { LOCALES } from '../language';
import { isIndianMobileNumber } from './phone';
import { isBlank } from './text-fields';

/** The consumer profile: what onboarding sends (spec §3 "Onboarding form data") and what the API returns. */

export const GENDERS = ['male', 'female', 'other'] as const;
export type Gender = (typeof GENDERS)[number];

/**
 * Onboarding's 'Which service are you looking for?': the catalog's categories, so Home can recommend
 * from the choice (migration 011 moved the old 'Wedding' to 'Wedding Planning').
 */
export const SERVICE_CHOICES = SERVICE_CATEGORIES;
export type ServiceChoice = (typeof SERVICE_CHOICES)[number];

export const NAME_MAX_LENGTH = 100;
/** A letter of any script: a name needs at least one (onboarding, My Account and the API, issue 39). */
export const NAME_LETTER = /\p{L}/u;
export const AGE_MIN = 1;
export const AGE_MAX = 120;


/** Form fields arrive as strings; treat '' like "not given" so optional fields stay optional. */
const emptyToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

const requiredText = (name: Said) =>
  z.string({ error: (issue) => (isBlank(issue.input) ? said('validation.required', { label: name })() : said('validation.text', { label: name })()) });

/** An email address, required, in the profile's words (onboarding, My Account, Checkout's contact form). */
export const emailSchema = requiredText(label('validation.label.email'))
  .trim()
  .min(1, { error: said('validation.required', { label: label('validation.label.email') }), abort: true })
  .pipe(z.email({ error: said('validation.email.invalid') }));

/** A required line of text, trimmed, in a form's words: '{label} is required' (the label a lazy message: `label('validation.label.fullName')`). */
export const requiredTextSchema = (name: Said) =>
  requiredText(name)
    .trim()
    .min(1, { error: said('validation.required', { label: name }) });

const fullName = label('validation.label.fullName');
const phoneNumber = label('validation.label.phone');

const profileFields = {
  name: requiredText(fullName)
    .trim()
    .min(1, { error: said('validation.required', { label: fullName }), abort: true })
    .max(NAME_MAX_LENGTH, { error: said('validation.maxLength', { label: fullName, max: NAME_MAX_LENGTH }) })
    // a name has a letter in it, in any script ('आशा', 'Asha'); digits or signs alone are not a name
    .regex(NAME_LETTER, { error: said('validation.name.letter') }),
  email: emailSchema,
  // a number input posts a string: accept "29" as 29, but never turn '' or null into 0
  age: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    z
      .number({ error: (issue) => (isBlank(issue.input) ? said('validation.age.required')() : said('validation.age.number')()) })
      .int({ error: said('validation.age.wholeNumber') })
      .min(AGE_MIN, { error: said('validation.age.min', { min: AGE_MIN }) })
      .max(AGE_MAX, { error: said('validation.age.max', { max: AGE_MAX }) }),
  ),
  gender: z.enum(GENDERS, {
    error: (issue) => (isBlank(issue.input) ? said('validation.required', { label: label('validation.label.gender') })() : said('validation.gender.invalid')()),
  }),
  // people type spaces, dashes and brackets in phone numbers; drop them before checking
  phone: z.preprocess(
    (value) => (typeof value === 'string' ? value.replace(/[\s()-]/g, '') : value),
    requiredText(phoneNumber)
      .min(1, { error: said('validation.required', { label: phoneNumber }), abort: true })
      // the one phone rule (./phone): an Indian mobile number, as the Login page sent it (+91 and 10 digits)
      .refine(isIndianMobileNumber, { error: said('validation.phone.invalid') }),
  ),
  profilePhoto: z.preprocess(
    emptyToNull,
    z
      .url({ protocol: /^https?$/, error: said('validation.photo.url') })
      .max(2048, { error: said('validation.photo.tooLong') })
      .nullable()
      .optional(),
  ),
  service: z.preprocess(
    emptyToNull,
    z.enum(SERVICE_CHOICES, { error: said('validation.service.choose') }).nullable().optional(),
  ),
  skippedService: z.boolean({ error: said('validation.boolean', { label: 'skippedService' }) }).default(false),
};

const NOT_AN_OBJECT = said('validation.profile.notObject');
const serviceChosenOrSkipped = (profile: { service?: ServiceChoice | null; skippedService: boolean }) =>
  profile.skippedService || Boolean(profile.service);
const SERVICE_STEP = { error: said('validation.service.step'), path: ['service'] };

/** Unknown fields are dropped (zod's default), so the form may send more than it needs. */
export const onboardingProfileSchema = z
  .object(profileFields, { error: NOT_AN_OBJECT })
  .refine(serviceChosenOrSkipped, SERVICE_STEP);

// the phone is the sign-in's: the API takes it from the verified ID token, never from the body
const { phone: _signInPhone, ...storedFields } = profileFields;

/**
 * What the API takes from POST /users/consumer/{uid}: the onboarding profile without the phone, which is
 * the verified phone number of the ID token (read-only: a phone in the body is ignored, like any unknown
 * field, so forms that still send it keep working).
 */
export const profileUpdateSchema = z.object(storedFields, { error: NOT_AN_OBJECT }).refine(serviceChosenOrSkipped, SERVICE_STEP);

/** What the onboarding form may send (age may still be a string). */
export type OnboardingProfileInput = z.input<typeof onboardingProfileSchema>;
/** The validated, normalised profile the onboarding form submits. */
export type OnboardingProfile = z.output<typeof onboardingProfileSchema>;
/** What the API stores from a request (the phone comes from the token). */
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;

/**
 * Notification preferences (spec §9: email on, SMS off, push on by default), and WhatsApp (issue 37, item 6): opt-in,
 * off by default, to the number the user signed in with. `whatsapp` is optional in a request: a client older than
 * its switch leaves it out and the stored one stays; the API's answers always carry it (absent from older servers:
 * read it as off).
 */
export const notificationSettingsSchema = z.object({
  email: z.boolean({ error: said('validation.boolean', { label: 'email' }) }),
  sms: z.boolean({ error: said('validation.boolean', { label: 'sms' }) }),
  push: z.boolean({ error: said('validation.boolean', { label: 'push' }) }),
  whatsapp: z.boolean({ error: said('validation.boolean', { label: 'whatsapp' }) }).optional(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
export const DEFAULT_NOTIFICATIONS: Required<NotificationSettings> = { email: true, sms: false, push: true, whatsapp: false };

/** PUT /users/consumer/{uid}/settings body. */
export const accountSettingsSchema = z.object({ notifications: notificationSettingsSchema });
export type AccountSettings = z.infer<typeof accountSettingsSchema>;

/** PUT /users/consumer/{uid}/language body: the language the user chose (My Account, or the Login page before signing in). */
export const languageSettingSchema = z.object({ language: z.enum(LOCALES, { error: said('validation.oneOf', { label: 'language', list: LOCALES.join(', ') }) }) });
export type LanguageSetting = z.infer<typeof languageSettingSchema>;

/** GET /users/consumer/{uid}: the stored profile. A present name means onboarding is complete. */
export const consumerProfileSchema = z.object({
  uid: z.string().min(1),
  name: z.string(),
  email: z.string(),
  age: z.number().int(),
  gender: z.enum(GENDERS),
  phone: z.string(),
  profilePhoto: z.string().nullable(),
  service: z.enum(SERVICE_CHOICES).nullable(),
  skippedService: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
  /** absent from servers older than the settings tab: read it as DEFAULT_NOTIFICATIONS */
  notifications: notificationSettingsSchema.optional(),
  /** the language the user chose, null until they choose one (absent from older servers: read it as null) */
  language: z.enum(LOCALES).nullable().optional(),
});
export type ConsumerProfile = z.infer<typeof consumerProfileSchema>;

/** GET and POST /users/consumer/{uid}/email-verification: the profile's email and whether it is proven theirs. */
export const emailVerificationSchema = z.object({ email: z.string(), verified: z.boolean() });
export type EmailVerification = z.infer<typeof emailVerificationSchema>;

/** What POST /users/consumer/upload/{uid} accepts (checked by content on the server). */
export const PROFILE_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export const PROFILE_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
