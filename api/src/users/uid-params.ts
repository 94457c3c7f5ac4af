import { z } from 'zod';

/** The `:uid` route param: Firebase uids are at most 128 characters. */
export const uidParams = z.object({ uid: z.string().min(1).max(128) });
