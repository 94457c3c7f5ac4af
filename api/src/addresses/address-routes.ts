import { addressInputSchema, addressListSchema, addressSchema } from '@utsav/contracts/schemas';
import { z } from 'zod';
import { ownerOnly } from '../auth';
import { noBody, type ApiPlugin } from '../http/route-schemas';
import { uidParams } from '../users/uid-params';
import { addressNotFound, type AddressRepository } from './address-repository';

const addressParams = uidParams.extend({ addressId: z.string().max(64) });

/**
 * The consumer's saved addresses (where services happen), beside the profile in the users service, under
 * `/users/consumer/:uid/addresses`: readable and writable only by their owner (another user's uid is 403;
 * another user's address id is 404).
 */
export const addressRoutes: ApiPlugin<{ addresses: AddressRepository }> = async (app, { addresses }) => {
  const asOwner = ownerOnly(app);

  app.get('', { ...asOwner, schema: { params: uidParams, response: { 200: addressListSchema } } }, async (request) =>
    addresses.list(request.params.uid),
  );

  app.post('', { ...asOwner, schema: { params: uidParams, body: addressInputSchema, response: { 201: addressSchema } } }, async (request, reply) =>
    reply.code(201).send(await addresses.add(request.params.uid, request.body)),
  );

  app.put('/:addressId', { ...asOwner, schema: { params: addressParams, body: addressInputSchema, response: { 200: addressSchema } } }, async (request) => {
    const saved = await addresses.update(request.params.uid, request.params.addressId, request.body);
    if (!saved) throw addressNotFound();
    return saved;
  });

  // bookings keep their own copy: deleting an address changes none of them
  app.delete('/:addressId', { ...asOwner, schema: { params: addressParams, response: { 204: noBody('removed') } } }, async (request, reply) => {
    if (!(await addresses.remove(request.params.uid, request.params.addressId))) throw addressNotFound();
    return reply.code(204).send(undefined);
  });
};
