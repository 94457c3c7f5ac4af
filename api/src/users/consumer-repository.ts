import type { AccountSettings, ConsumerProfile, Gender, ProfileUpdate, ServiceChoice } from '@utsav/contracts/schemas';
import { eq, sql } from 'drizzle-orm';
import type { Orm } from '../db';
import { consumers, type ConsumerRow } from '../db/schema';

export interface SavedConsumer {
  profile: ConsumerProfile;
  /** true when this call created the profile, false when it updated one */
  created: boolean;
}

export interface ConsumerRepository {
  find(uid: string): Promise<ConsumerProfile | null>;
  /** Creates or updates the profile; `phone` is the sign-in's verified number. */
  save(uid: string, profile: ProfileUpdate & { phone: string }): Promise<SavedConsumer>;
  /** Stores the account settings; null when the user has no profile yet. */
  saveSettings(uid: string, settings: AccountSettings): Promise<ConsumerProfile | null>;
}

function toProfile(row: ConsumerRow): ConsumerProfile {
  return {
    uid: row.uid,
    name: row.name,
    email: row.email,
    age: row.age,
    // written only through the validated contract (and CHECKed for gender), so the casts hold
    gender: row.gender as Gender,
    phone: row.phone,
    profilePhoto: row.profilePhotoUrl,
    service: row.service as ServiceChoice | null,
    skippedService: row.skippedService,
    createdAt: row.createdAt.toISOString(),
    notifications: { email: row.notifyEmail, sms: row.notifySms, push: row.notifyPush },
  };
}

export function createConsumerRepository(orm: Orm): ConsumerRepository {
  return {
    async find(uid) {
      const [row] = await orm.select().from(consumers).where(eq(consumers.uid, uid)).limit(1);
      return row ? toProfile(row) : null;
    },

    async save(uid, profile) {
      const fields = {
        name: profile.name,
        email: profile.email,
        age: profile.age,
        gender: profile.gender,
        phone: profile.phone,
        service: profile.service ?? null,
        skippedService: profile.skippedService,
      };
      // insert-or-nothing first, so the answer can say whether the profile is new (201) or not (200)
      const [inserted] = await orm
        .insert(consumers)
        .values({ uid, ...fields, profilePhotoUrl: profile.profilePhoto ?? null })
        .onConflictDoNothing({ target: consumers.uid })
        .returning();
      if (inserted) return { profile: toProfile(inserted), created: true };

      const [updated] = await orm
        .update(consumers)
        .set({
          ...fields,
          // the photo is uploaded separately: leaving it out keeps the stored one, null removes it
          ...(profile.profilePhoto === undefined ? {} : { profilePhotoUrl: profile.profilePhoto }),
          updatedAt: sql`now()`,
        })
        .where(eq(consumers.uid, uid))
        .returning();
      if (!updated) throw new Error(`Consumer ${uid} vanished between insert and update`);
      return { profile: toProfile(updated), created: false };
    },

    async saveSettings(uid, { notifications }) {
      const [updated] = await orm
        .update(consumers)
        .set({
          notifyEmail: notifications.email,
          notifySms: notifications.sms,
          notifyPush: notifications.push,
          updatedAt: sql`now()`,
        })
        .where(eq(consumers.uid, uid))
        .returning();
      return updated ? toProfile(updated) : null;
    },
  };
}
