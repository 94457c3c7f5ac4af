import { onboardingProfileSchema } from '@utsav/contracts/schemas';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../http/http-error';
import { parse } from '../http/parse';
import type { ConsumerRepository } from './consumer-repository';
import { uidParams } from './uid-params';

/** Users service of spec §7: the consumer profile, readable and writable only by its owner. */
export function registerConsumerRoutes(app: FastifyInstance, consumers: ConsumerRepository): void {
  const ownerOnly = { preHandler: [app.authenticate, app.requireOwner] };

  app.get('/users/consumer/:uid', ownerOnly, async (request) => {
    const { uid } = parse(uidParams, request.params);
    const profile = await consumers.find(uid);
    if (!profile) throw notFound('Profile not found');
    return profile;
  });

  app.post('/users/consumer/:uid', ownerOnly, async (request, reply) => {
    const { uid } = parse(uidParams, request.params);
    const profile = parse(onboardingProfileSchema, request.body);
    const saved = await consumers.save(uid, profile);
    return reply.code(saved.created ? 201 : 200).send(saved.profile);
  });
}
