import type { EnvironmentSchema } from './environment.cjs';

/** The host server's environment (host-environment.cjs). */
export const hostEnvironment: EnvironmentSchema;
