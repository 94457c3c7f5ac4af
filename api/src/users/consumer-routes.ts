import { accountSettingsSchema, consumerProfileSchema, isIndianMobileNumber, languageSettingSchema, profileUpdateSchema } from '@utsav/contracts/schemas';
import { currentUser, ownerOnly } from '../auth';
import { badRequest, forbidden, notFound } from '../http/http-error';
import { noBody, type ApiPlugin } from '../http/route-schemas';
import type { AccountDeletion } from './account-deletion';
import type { ConsumerRepository } from './consumer-repository';
import { uidParams } from './uid-params';

export const PROFILE_NOT_FOUND = 'profile.notFound';
export const NO_VERIFIED_PHONE = 'profile.noVerifiedPhone';
export const NOT_AN_INDIAN_MOBILE =
  'profile.notIndianMobile';

export interface ConsumerRouteDeps {
  consumers: ConsumerRepository;
  accounts: AccountDeletion;
}

/** Users service of spec §7, under `/users/consumer/:uid`: the consumer profile, readable and writable only by its owner. */
export const consumerRoutes: ApiPlugin<ConsumerRouteDeps> = async (app, { consumers, accounts }) => {
  const asOwner = ownerOnly(app);
  const profileAnswer = { 200: consumerProfileSchema };

  app.get('', { ...asOwner, schema: { params: uidParams, response: profileAnswer } }, async (request) => {
    const profile = await consumers.find(request.params.uid);
    if (!profile) throw notFound(PROFILE_NOT_FOUND);
    return profile;
  });

  app.post(
    '',
    { ...asOwner, schema: { params: uidParams, body: profileUpdateSchema, response: { 200: consumerProfileSchema, 201: consumerProfileSchema } } },
    async (request, reply) => {
      // the phone is the verified one of the token (a phone in the body is ignored): read-only here
      const { phone } = currentUser(request);
      if (!phone) throw forbidden(NO_VERIFIED_PHONE);
      // the contracts' one phone rule, as the Login page checks it before a code is sent
      if (!isIndianMobileNumber(phone)) throw badRequest(NOT_AN_INDIAN_MOBILE);
      const saved = await consumers.save(request.params.uid, { ...request.body, phone });
      return reply.code(saved.created ? 201 : 200).send(saved.profile);
    },
  );

  // the account settings tab (notification preferences); unknown fields are ignored
  app.put('/settings', { ...asOwner, schema: { params: uidParams, body: accountSettingsSchema, response: profileAnswer } }, async (request) => {
    const profile = await consumers.saveSettings(request.params.uid, request.body);
    if (!profile) throw notFound(PROFILE_NOT_FOUND);
    return profile;
  });

  // the language switch (My Account; the Login page's choice once signed in): the profile keeps it for every device
  app.put('/language', { ...asOwner, schema: { params: uidParams, body: languageSettingSchema, response: profileAnswer } }, async (request) => {
    const profile = await consumers.saveLanguage(request.params.uid, request.body.language);
    if (!profile) throw notFound(PROFILE_NOT_FOUND);
    return profile;
  });

  // idempotent: a retry after a lost answer is 204 too (and still removes the Firebase user)
  app.delete('', { ...asOwner, schema: { params: uidParams, response: { 204: noBody('removed') } } }, async (request, reply) => {
    await accounts.deleteAccount(request.params.uid);
    return reply.code(204).send(undefined);
  });
};
