import { addressInputSchema, addressListSchema, addressSchema } from '@utsav/contracts/schemas';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { checkedResponse } from '../http/checked-response';
import { parse } from '../http/parse';
import { uidParams } from '../users/uid-params';
import { addressNotFound, type AddressRepository } from './address-repository';

const addressParams = uidParams.extend({ addressId: z.string().max(64) });

/**
 * The consumer's saved addresses (where services happen), beside the profile in the users service:
 * readable and writable only by their owner (another user's uid is 403; another user's address id is 404).
 */
export function registerAddressRoutes(app: FastifyInstance, addresses: AddressRepository): void {
  const ownerOnly = { preHandler: [app.authenticate, app.requireOwner] };

  app.get('/users/consumer/:uid/addresses', ownerOnly, async (request) => {
    const { uid } = parse(uidParams, request.params);
    return checkedResponse(addressListSchema, await addresses.list(uid));
  });

  app.post('/users/consumer/:uid/addresses', ownerOnly, async (request, reply) => {
    const { uid } = parse(uidParams, request.params);
    const address = parse(addressInputSchema, request.body);
    return reply.code(201).send(checkedResponse(addressSchema, await addresses.add(uid, address)));
  });

  app.put('/users/consumer/:uid/addresses/:addressId', ownerOnly, async (request) => {
    const { uid, addressId } = parse(addressParams, request.params);
    const address = parse(addressInputSchema, request.body);
    const saved = await addresses.update(uid, addressId, address);
    if (!saved) throw addressNotFound();
    return checkedResponse(addressSchema, saved);
  });

  // bookings keep their own copy: deleting an address changes none of them
  app.delete('/users/consumer/:uid/addresses/:addressId', ownerOnly, async (request, reply) => {
    const { uid, addressId } = parse(addressParams, request.params);
    if (!(await addresses.remove(uid, addressId))) throw addressNotFound();
    return reply.code(204).send();
  });
}
