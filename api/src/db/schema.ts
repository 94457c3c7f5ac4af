import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The tables as drizzle sees them. The SQL in api/migrations is the source of truth for the
 * database; keep this file in step with it.
 */
export const consumers = pgTable('consumers', {
  uid: text('uid').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  age: integer('age').notNull(),
  gender: text('gender').notNull(),
  phone: text('phone').notNull(),
  profilePhotoUrl: text('profile_photo_url'),
  service: text('service'),
  skippedService: boolean('skipped_service').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type ConsumerRow = typeof consumers.$inferSelect;
export type NewConsumerRow = typeof consumers.$inferInsert;

/** Stored files (profile photos); the bytes live in UPLOADS_DIR under file_name. */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uid: text('uid').notNull(),
    fileName: text('file_name').notNull().unique(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('uploads_uid_idx').on(table.uid)],
);

export type UploadRow = typeof uploads.$inferSelect;
export type NewUploadRow = typeof uploads.$inferInsert;
