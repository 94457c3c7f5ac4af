/**
 * The phone is the number the user signed in with: the API stores the ID token's verified number and
 * ignores any other, so every form shows it read-only with this help.
 */
export const PHONE_HELP = "Your sign-in number can't be changed here.";
