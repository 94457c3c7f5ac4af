import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SERVICE_CATEGORIES, SERVICE_CHOICES, consumerProfileSchema } from '@utsav/contracts/schemas';
import { buildApp } from '../src/app';
import { createDatabase, readMigrations, runMigrations, type Database } from '../src/db';
import { signInWithPhone, type TestUser } from './support/auth-emulator';
import { request, testConfig } from './support/test-server';
import { errorSaying } from './support/error-answers';

/**
 * Onboarding's service choice is a catalog category (issue 15 item 8). Migration 011 moves the profiles
 * saved with the old list: 'Wedding' becomes 'Wedding Planning'; the API then serves and takes only categories.
 */

let database: Database;
let url: string;
let close: () => Promise<void>;
const users: Record<string, TestUser> = {};

/** a folder with the migrations before 011, as a database saved before issue 15 had them */
function migrationsBefore(name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'utsav-before-011-'));
  for (const migration of readMigrations()) if (migration.name < name) fs.writeFileSync(path.join(dir, migration.name), migration.sql);
  return dir;
}

beforeAll(async () => {
  database = await createDatabase({ memory: true });
  await runMigrations(database, migrationsBefore('011_'));
  // profiles saved with the old choice list: one per old choice, and one skipped
  const old = ['Wedding', 'Haircut', 'Manicure/Pedicure', 'Tutoring', null];
  for (const service of old) {
    const user = await signInWithPhone();
    users[service ?? 'skipped'] = user;
    await database.query(
      `INSERT INTO consumers (uid, name, email, age, gender, phone, service, skipped_service)
       VALUES ($1, 'Old Profile', 'old@example.in', 30, 'female', $2, $3, $4)`,
      [user.uid, user.phone, service, service === null],
    );
  }
  await runMigrations(database);
  const app = await buildApp({ db: database, config: testConfig(), logger: false });
  url = await app.listen({ port: 0, host: '127.0.0.1' });
  close = async () => {
    await app.close();
    await database.close();
  };
}, 60_000);
afterAll(() => close());

const profileOf = async (user: TestUser) => {
  const response = await request(`${url}/users/consumer/${user.uid}`, { token: user.idToken });
  expect(response.status).toBe(200);
  return consumerProfileSchema.parse(response.body);
};

test('the choice list is the catalog’s categories', () => {
  expect([...SERVICE_CHOICES]).toEqual([...SERVICE_CATEGORIES]);
});

test('a profile saved as Wedding reads as Wedding Planning; the other old choices were categories already', async () => {
  expect(await profileOf(users.Wedding!)).toMatchObject({ service: 'Wedding Planning', skippedService: false });
  expect(await profileOf(users.Haircut!)).toMatchObject({ service: 'Haircut', skippedService: false });
  expect(await profileOf(users['Manicure/Pedicure']!)).toMatchObject({ service: 'Manicure/Pedicure' });
  expect(await profileOf(users.Tutoring!)).toMatchObject({ service: 'Tutoring' });
  expect(await profileOf(users.skipped!)).toMatchObject({ service: null, skippedService: true });
});

test('onboarding takes a category (Photography), and refuses the old Wedding with a message', async () => {
  const user = await signInWithPhone();
  const form = { name: 'Asha', email: 'asha@example.in', age: 29, gender: 'female', skippedService: false };
  const refused = await request(`${url}/users/consumer/${user.uid}`, { token: user.idToken, json: { ...form, service: 'Wedding' } });
  expect(refused).toMatchObject({ status: 400, body: errorSaying('service: Please choose a service from the list') });
  const saved = await request(`${url}/users/consumer/${user.uid}`, { token: user.idToken, json: { ...form, service: 'Photography' } });
  expect(saved.status).toBe(201);
  expect(await profileOf(user)).toMatchObject({ service: 'Photography' });
});
