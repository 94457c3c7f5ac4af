import { EMULATOR_ORIGIN } from './support/auth-emulator';

// The API uses the Auth emulator only when told (never inferred): the servers tests start from process.env,
// in process or spawned (support/api-process.ts), verify the tokens the tests sign in with there.
process.env.FIREBASE_AUTH_EMULATOR_HOST = new URL(EMULATOR_ORIGIN).host;
