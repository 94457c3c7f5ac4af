/** Who made the request, from a verified Firebase ID token. */
export interface AuthUser {
  uid: string;
  /** E.164 phone number of a phone sign-in, else null */
  phone: string | null;
}

/** Checks a Firebase ID token; resolves with its user or rejects with an HttpError (401 or 503). */
export type TokenVerifier = (idToken: string) => Promise<AuthUser>;

/** Deletes a Firebase user; an already missing user is not an error. Rejects with an HttpError (503) otherwise. */
export type AuthUserRemover = (uid: string) => Promise<void>;
