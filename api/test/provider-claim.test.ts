import { formatInviteCode, inviteCodeHash, localInviteCode, normaliseInviteCode } from '../src/bookings/provider-invites';
import { providerListingsSchema } from '@utsav/contracts/schemas';
import { storeInvites } from '../src/bookings/provider-repository';
import { signInWithPhone, type TestUser } from './support/auth-emulator';
import { expectContract, insertCatalogFixture, type CatalogFixture } from './support/bookings';
import { errorAnswer } from './support/error-answers';
import { request, startTestServer, type TestServer } from './support/test-server';

/**
 * Becoming a provider (issue 36, item 2): a person signed in with their phone claims a listing with its invite
 * code; a listing has one owner; the provider section lists what the caller runs.
 */

let server: TestServer;
let catalog: CatalogFixture;
let asha: TestUser;
let ravi: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  catalog = await insertCatalogFixture(server.database);
  [asha, ravi] = await Promise.all([signInWithPhone(), signInWithPhone()]);
  expect(await storeInvites(server.database.query, (providerId) => inviteCodeHash(localInviteCode(providerId)))).toBeGreaterThanOrEqual(2);
});
afterAll(() => server.close());

const claim = (user: TestUser, code: string) => request(`${server.url}/provider/claim`, { token: user.idToken, json: { code } });
const listings = async (user: TestUser) =>
  expectContract(providerListingsSchema, (await request(`${server.url}/provider/listings`, { token: user.idToken })).body).listings;

describe('invite codes', () => {
  test('are ten characters of Crockford base 32, the same for a listing every time, and read forgivingly', () => {
    const code = localInviteCode(catalog.providerA.id);
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
    expect(localInviteCode(catalog.providerA.id.toUpperCase())).toBe(code);
    expect(localInviteCode(catalog.providerB.id)).not.toBe(code);
    expect(normaliseInviteCode(` ${formatInviteCode(code).toLowerCase()} `)).toBe(code);
    expect(normaliseInviteCode('oo1il-23456')).toBe('0011123456');
    expect(normaliseInviteCode('ABCDE-1234')).toBeNull();
    expect(normaliseInviteCode('ABCDE-1234U')).toBeNull();
  });
});

describe('POST /provider/claim', () => {
  test('a signed-in person claims a listing with its code as typed: it is theirs, and listed with its services', async () => {
    expect(await listings(asha)).toEqual([]);
    const typed = formatInviteCode(localInviteCode(catalog.providerA.id)).toLowerCase().replace('-', ' ');
    const claimed = await claim(asha, typed);
    expect(claimed).toMatchObject({ status: 200, body: { providerId: catalog.providerA.id, name: 'Lens Studio' } });
    const [listing, ...others] = await listings(asha);
    expect(others).toEqual([]);
    expect(listing).toMatchObject({ id: catalog.providerA.id, name: 'Lens Studio' });
    expect(listing?.services.map((service) => service.id)).toEqual(expect.arrayContaining([catalog.providerA.serviceId]));
    // the provider routes are now theirs
    expect((await request(`${server.url}/provider/${catalog.providerA.id}/availability`, { token: asha.idToken })).status).toBe(200);
  });

  test('claiming again is answered the same; another person cannot take a listing that has an owner (409)', async () => {
    const code = localInviteCode(catalog.providerA.id);
    expect(await claim(asha, code)).toMatchObject({ status: 200, body: { providerId: catalog.providerA.id } });
    expect(await claim(ravi, code)).toMatchObject({ status: 409, body: errorAnswer('provider.alreadyClaimed') });
    expect(await listings(ravi)).toEqual([]);
    expect((await request(`${server.url}/provider/${catalog.providerA.id}/availability`, { token: ravi.idToken })).status).toBe(403);
  });

  test('a code we do not know, or that cannot be one, is a 404 that says so; nothing is claimed', async () => {
    expect(await claim(ravi, 'ZZZZZ-ZZZZZ')).toMatchObject({ status: 404, body: errorAnswer('provider.inviteUnknown') });
    expect(await claim(ravi, 'not a code')).toMatchObject({ status: 404, body: errorAnswer('provider.inviteUnknown') });
    expect((await request(`${server.url}/provider/claim`, { token: ravi.idToken, json: {} })).status).toBe(400);
    expect(await listings(ravi)).toEqual([]);
  });

  test('two people claiming one listing at once: one owns it, the other is told it has an owner', async () => {
    const [first, second] = await Promise.all([signInWithPhone(), signInWithPhone()]);
    const code = localInviteCode(catalog.providerB.id);
    const answers = await Promise.all([claim(first, code), claim(second, code)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const owners = (await Promise.all([listings(first), listings(second)])).map((owned) => owned.length);
    expect(owners.sort()).toEqual([0, 1]);
  });
});

test('where the provider stand-in runs, every seeded listing gets its local code at ready, and the code to try claims one', async () => {
  const local = await startTestServer({ PROVIDER_AUTO_ACCEPT_MS: 60_000 }, { seedCatalog: true });
  try {
    const offered = await request(`${local.url}/dev/provider-invite`);
    expect(offered.status).toBe(200);
    const { providerId, name, code } = offered.body as { providerId: string; name: string; code: string };
    expect(code).toBe(formatInviteCode(localInviteCode(providerId)));
    const person = await signInWithPhone();
    const claimed = await request(`${local.url}/provider/claim`, { token: person.idToken, json: { code } });
    expect(claimed).toMatchObject({ status: 200, body: { providerId, name } });
    // the next one offered is another listing: a claimed one is not offered again
    expect((await request(`${local.url}/dev/provider-invite`)).body.providerId).not.toBe(providerId);

    // ?serviceId=: the code of the listing that offers that service, while nobody runs it
    const search = await request(`${local.url}/services?limit=50`);
    const services = (search.body as { results: { serviceId: string; provider?: { name: string } }[] }).results;
    const other = await request(`${local.url}/dev/provider-invite?serviceId=${services[0]!.serviceId}`);
    const again = await request(`${local.url}/dev/provider-invite?serviceId=${services[0]!.serviceId}`);
    expect(again.body).toEqual(other.body);
    if (other.status === 200) {
      expect(other.body.code).toBe(formatInviteCode(localInviteCode(String(other.body.providerId))));
      await request(`${local.url}/provider/claim`, { token: (await signInWithPhone()).idToken, json: { code: other.body.code } });
    }
    // every listing nobody runs, each with its own local code; a claimed one is no longer listed
    const all = (await request(`${local.url}/dev/provider-invites`)).body as { invites: { providerId: string; code: string }[] };
    expect(all.invites.length).toBeGreaterThan(1);
    for (const invite of all.invites) expect(invite.code).toBe(formatInviteCode(localInviteCode(invite.providerId)));
    expect(all.invites.map((invite) => invite.providerId)).not.toContain(providerId);
    const taken = await request(`${local.url}/dev/provider-invite?serviceId=${services[0]!.serviceId}`);
    expect(taken.status).toBe(409);
    expect((await request(`${local.url}/dev/provider-invite?serviceId=nope`)).status).toBe(404);
  } finally {
    await local.close();
  }
});
