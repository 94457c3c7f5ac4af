import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
