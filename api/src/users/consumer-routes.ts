import { accountSettingsSchema, isIndianMobileNumber, languageSettingSchema, profileUpdateSchema } from '@utsav/contracts/schemas';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../auth';
import { badRequest, forbidden, notFound } from '../http/http-error';
import { parse } from '../http/parse';
import type { AccountDeletion } from './account-deletion';
import type { ConsumerRepository } from './consumer-repository';
import { uidParams } from './uid-params';

export const PROFILE_NOT_FOUND = 'Profile not found';
export const NO_VERIFIED_PHONE = 'Your sign-in has no verified phone number: sign in with your phone to save a profile.';
export const NOT_AN_INDIAN_MOBILE =
  'Your sign-in number is not an Indian mobile number: sign in with a 10-digit mobile number starting with 6, 7, 8 or 9 to save a profile.';

export interface ConsumerRouteDeps {
  consumers: ConsumerRepository;
  accounts: AccountDeletion;
}

/** Users service of spec §7: the consumer profile, readable and writable only by its owner. */
export function registerConsumerRoutes(app: FastifyInstance, { consumers, accounts }: ConsumerRouteDeps): void {
  const ownerOnly = { preHandler: [app.authenticate, app.requireOwner] };

  app.get('/users/consumer/:uid', ownerOnly, async (request) => {
    const { uid } = parse(uidParams, request.params);
    const profile = await consumers.find(uid);
    if (!profile) throw notFound(PROFILE_NOT_FOUND);
    return profile;
  });

  app.post('/users/consumer/:uid', ownerOnly, async (request, reply) => {
    const { uid } = parse(uidParams, request.params);
    // the phone is the verified one of the token (a phone in the body is ignored): read-only here
    const { phone } = currentUser(request);
    if (!phone) throw forbidden(NO_VERIFIED_PHONE);
    // the contracts' one phone rule, as the Login page checks it before a code is sent
    if (!isIndianMobileNumber(phone)) throw badRequest(NOT_AN_INDIAN_MOBILE);
    const profile = parse(profileUpdateSchema, request.body);
    const saved = await consumers.save(uid, { ...profile, phone });
    return reply.code(saved.created ? 201 : 200).send(saved.profile);
  });

  // the account settings tab (notification preferences); unknown fields are ignored
  app.put('/users/consumer/:uid/settings', ownerOnly, async (request) => {
    const { uid } = parse(uidParams, request.params);
    const settings = parse(accountSettingsSchema, request.body);
    const profile = await consumers.saveSettings(uid, settings);
    if (!profile) throw notFound(PROFILE_NOT_FOUND);
    return profile;
  });

  // the language switch (My Account; the Login page's choice once signed in): the profile keeps it for every device
  app.put('/users/consumer/:uid/language', ownerOnly, async (request) => {
    const { uid } = parse(uidParams, request.params);
    const { language } = parse(languageSettingSchema, request.body);
    const profile = await consumers.saveLanguage(uid, language);
    if (!profile) throw notFound(PROFILE_NOT_FOUND);
    return profile;
  });

  // idempotent: a retry after a lost answer is 204 too (and still removes the Firebase user)
  app.delete('/users/consumer/:uid', ownerOnly, async (request, reply) => {
    const { uid } = parse(uidParams, request.params);
    await accounts.deleteAccount(uid);
    return reply.code(204).send();
  });
}
