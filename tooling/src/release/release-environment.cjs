/**
 * The release commands' environment (scripts/release.mjs: release, list, check, promote, rollback): one zod
 * schema, as the API's and the host server's are. The variables they share with the host server (the store, the
 * teams' public keys, the development keys' folder) are the host schema's own entries; the signing key is theirs
 * alone. The commands read it once at start (a bad value stops them with one line naming the variable);
 * docs/configuration.md's table is written from it (`npm run docs:config`; api/test/config-docs.test.ts fails when
 * it drifts). What production requires of the keys is enforced where they are used (signing.cjs).
 */
const { z } = require('zod');
const { reader, readEnvironment, text, variable } = require('../environment.cjs');
const { REMOTES, hostEnvironment } = require('../host-environment.cjs');
const { readKey } = require('./signing.cjs');

const shared = (name) => hostEnvironment.shape[name];

const releaseEnvironment = z.object({
  NODE_ENV: variable(text(undefined), {
    usedBy: 'release commands',
    default: 'unset',
    meaning: "`production`: a release is signed with `RELEASE_SIGNING_KEY` and checked with its team's `REMOTE_<NAME>_PUBLIC_KEY`, never with this machine's development key",
  }),
  RELEASES_DIR: shared('RELEASES_DIR'),
  RELEASE_SIGNING_KEY: variable(
    reader((value, fail) => {
      const problem = value === undefined ? undefined : readKey(value, 'private').problem;
      if (problem) fail(problem);
      return value;
    }),
    {
      usedBy: 'release commands',
      default: 'the development key in `.data/release-keys`',
      meaning: "the releasing team's Ed25519 private key (PKCS#8 PEM or base64 DER) that signs a release's digest list (tooling/src/release/signing.cjs)",
      secret: true,
      inProduction: 'required to release (the development key is refused)',
    },
  ),
  ...Object.fromEntries(Object.keys(REMOTES).map((name) => [`REMOTE_${name.toUpperCase()}_PUBLIC_KEY`, shared(`REMOTE_${name.toUpperCase()}_PUBLIC_KEY`)])),
  RELEASE_KEYS_DIR: shared('RELEASE_KEYS_DIR'),
});

/** The release commands' settings from `env`; a bad value is an EnvironmentError naming the variable. */
const readReleaseEnvironment = (env = process.env) => readEnvironment(releaseEnvironment, env);

module.exports = { readReleaseEnvironment, releaseEnvironment };
