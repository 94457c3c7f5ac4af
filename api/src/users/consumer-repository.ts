import type { AccountSettings, ConsumerProfile, Gender, ProfileUpdate, ServiceChoice } from '@utsav/contracts/schemas';
import { isLocale, type Locale } from '@utsav/contracts/language';
import { toIso } from '../bookings/booking-rows';
import type { Database } from '../db';

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
  /** Stores the language the user chose; null when the user has no profile yet. */
  saveLanguage(uid: string, language: Locale): Promise<ConsumerProfile | null>;
}

interface ConsumerRow {
  uid: string;
  name: string;
  email: string;
  age: number;
  gender: string;
  phone: string;
  profile_photo_url: string | null;
  service: string | null;
  skipped_service: boolean;
  notify_email: boolean;
  notify_sms: boolean;
  notify_push: boolean;
  notify_whatsapp: boolean;
  language: string | null;
  created_at: Date | string;
}

const COLUMNS =
  'uid, name, email, age, gender, phone, profile_photo_url, service, skipped_service, notify_email, notify_sms, notify_push, notify_whatsapp, language, created_at';

function toProfile(row: ConsumerRow): ConsumerProfile {
  return {
    uid: row.uid,
    name: row.name,
    email: row.email,
    age: row.age,
    // written only through the validated contract (and CHECKed for gender), so the casts hold
    gender: row.gender as Gender,
    phone: row.phone,
    profilePhoto: row.profile_photo_url,
    service: row.service as ServiceChoice | null,
    skippedService: row.skipped_service,
    createdAt: toIso(row.created_at),
    notifications: { email: row.notify_email, sms: row.notify_sms, push: row.notify_push, whatsapp: row.notify_whatsapp },
    language: isLocale(row.language) ? row.language : null,
  };
}

const FIND_SQL = `SELECT ${COLUMNS} FROM consumers WHERE uid = $1`;

// insert-or-nothing first, so the answer can say whether the profile is new (201) or not (200)
const INSERT_SQL = `
  INSERT INTO consumers (uid, name, email, age, gender, phone, service, skipped_service, profile_photo_url)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
  ON CONFLICT (uid) DO NOTHING
  RETURNING ${COLUMNS}`;

// $9 is the photo url and $10 whether to write it: the photo is uploaded separately, so leaving it out
// keeps the stored one, and null removes it
const UPDATE_SQL = `
  UPDATE consumers
  SET name = $2, email = $3, age = $4, gender = $5, phone = $6, service = $7, skipped_service = $8,
      profile_photo_url = CASE WHEN $10::boolean THEN $9 ELSE profile_photo_url END,
      updated_at = now()
  WHERE uid = $1
  RETURNING ${COLUMNS}`;

// $5 NULL (a client older than the WhatsApp switch leaves it out): the stored WhatsApp setting stays
const SAVE_SETTINGS_SQL = `
  UPDATE consumers SET notify_email = $2, notify_sms = $3, notify_push = $4, notify_whatsapp = coalesce($5::boolean, notify_whatsapp), updated_at = now()
  WHERE uid = $1
  RETURNING ${COLUMNS}`;

const SAVE_LANGUAGE_SQL = `
  UPDATE consumers SET language = $2, updated_at = now()
  WHERE uid = $1
  RETURNING ${COLUMNS}`;

export function createConsumerRepository(db: Database): ConsumerRepository {
  return {
    async find(uid) {
      const [row] = await db.query<ConsumerRow>(FIND_SQL, [uid]);
      return row ? toProfile(row) : null;
    },

    async save(uid, profile) {
      const fields = [uid, profile.name, profile.email, profile.age, profile.gender, profile.phone, profile.service ?? null, profile.skippedService];
      const [inserted] = await db.query<ConsumerRow>(INSERT_SQL, [...fields, profile.profilePhoto ?? null]);
      if (inserted) return { profile: toProfile(inserted), created: true };

      const [updated] = await db.query<ConsumerRow>(UPDATE_SQL, [...fields, profile.profilePhoto ?? null, profile.profilePhoto !== undefined]);
      if (!updated) throw new Error(`Consumer ${uid} vanished between insert and update`);
      return { profile: toProfile(updated), created: false };
    },

    async saveSettings(uid, { notifications }) {
      const [updated] = await db.query<ConsumerRow>(SAVE_SETTINGS_SQL, [uid, notifications.email, notifications.sms, notifications.push, notifications.whatsapp ?? null]);
      return updated ? toProfile(updated) : null;
    },

    async saveLanguage(uid, language) {
      const [updated] = await db.query<ConsumerRow>(SAVE_LANGUAGE_SQL, [uid, language]);
      return updated ? toProfile(updated) : null;
    },
  };
}
