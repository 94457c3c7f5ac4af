import type { EnvironmentSchema } from '../environment.cjs';

/** The release commands' environment (release-environment.cjs). */
export const releaseEnvironment: EnvironmentSchema;
export function readReleaseEnvironment(env?: Record<string, string | undefined>): Record<string, string | undefined>;
