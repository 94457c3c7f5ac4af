/**
 * The login feature's public file: what the other features of this app use of it (eslint.config.mjs,
 * featureBoundariesFor). My Account's password section words Firebase's refusals as sign-in does.
 */
export { authErrorId } from './auth-error-message';
