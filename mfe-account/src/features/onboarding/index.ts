/**
 * The onboarding feature's public file: what the other features of this app use of it (eslint.config.mjs,
 * featureBoundariesFor). My Account's profile form edits the same fields with the same rules.
 */
export { onboardingResolver, type OnboardingFormValues } from './form-values';
export { GenderField } from './GenderField';
