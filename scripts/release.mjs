// The release commands (docs/releasing.md):
//   npm run release -- <remote>                   build the remote alone, store it as an immutable version
//   npm run releases                              each remote's versions, which is live, when each was promoted
//   npm run check-release -- <remote> <version>   the compatibility gate against the live host, alone
//   npm run promote -- <remote> <version>         the gate, then make it live (the running host picks it up)
//   npm run rollback -- <remote>                  back to the version live before
// RELEASES_DIR says where the store is (default .data/releases); --host <dist folder or URL> which
// host is live (default this machine's host-shell/dist); release --print-version prints the version
// alone on stdout (everything else goes to stderr), for a CI step to pass on. RELEASE_SIGNING_KEY is the
// releasing team's Ed25519 key a release is signed with, REMOTE_<NAME>_PUBLIC_KEY what check, promote and
// rollback verify it with (off production a development key pair in .data/release-keys stands in for
// both: tooling/src/release/signing.cjs). Their environment is one schema (tooling/src/release/release-environment.cjs),
// read before anything is done: a bad value stops them with one line naming the variable.
import { createRequire } from 'node:module';
import { ReleaseError, SigningError, check, describeReleases, promote, readPointer, release, rollback, storeDir } from './lib/releases.mjs';

const require = createRequire(import.meta.url);
const { settingsOrExit } = require('../tooling/src/environment.cjs');
const { readReleaseEnvironment } = require('../tooling/src/release/release-environment.cjs');
settingsOrExit(() => readReleaseEnvironment(process.env));

const [command, ...options] = process.argv.slice(2);
const printVersion = options.includes('--print-version');
const rest = options.filter((option) => option !== '--print-version');
const hostAt = rest.indexOf('--host');
const host = hostAt >= 0 ? rest[hostAt + 1] : undefined;
const [remote, version] = rest.filter((_, index) => hostAt < 0 || (index !== hostAt && index !== hostAt + 1));
const releases = storeDir();

function need(value, usage) {
  if (!value) throw new ReleaseError(`usage: ${usage}`);
  return value;
}

try {
  switch (command) {
    case 'release': {
      const { version: released, created, dir } = await release(need(remote, 'npm run release -- <remote>'), {
        releases,
        ...(printVersion ? { log: console.error, stdout: 2 } : {}),
      });
      if (printVersion) {
        console.log(released);
        break;
      }
      console.log(created ? `released ${remote} ${released}\n  ${dir}` : `${remote} ${released} is already in the store (the same code): nothing to do`);
      console.log(`make it live: npm run promote -- ${remote} ${released}`);
      break;
    }
    case 'list':
      console.log(describeReleases(releases).join('\n'));
      break;
    case 'check': {
      const problems = await check(need(remote, 'npm run check-release -- <remote> <version>'), need(version, 'npm run check-release -- <remote> <version>'), { releases, host });
      if (problems.length) {
        console.error(`${remote} ${version} is not compatible with the live host:\n${problems.map((line) => `  ${line}`).join('\n')}`);
        process.exitCode = 1;
      } else console.log(`${remote} ${version} is compatible with the live host`);
      break;
    }
    case 'promote': {
      const usage = 'npm run promote -- <remote> <version>';
      const pointer = await promote(need(remote, usage), need(version, usage), { releases, host });
      console.log(`${remote}: ${pointer.live} is live (the next page load uses it)`);
      break;
    }
    case 'rollback': {
      const before = readPointer(releases, need(remote, 'npm run rollback -- <remote>')).live;
      const pointer = await rollback(remote, { releases, host });
      console.log(`${remote}: ${pointer.live} is live again (was ${before})`);
      break;
    }
    default:
      throw new ReleaseError('usage: node scripts/release.mjs release|list|check|promote|rollback …');
  }
} catch (error) {
  // a refusal is said in its lines; anything else with its stack
  console.error(error instanceof ReleaseError || error instanceof SigningError ? error.message : error);
  process.exitCode = 1;
}
