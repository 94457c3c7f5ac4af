import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pnpm } from './pnpm.mjs';
import { ROOT } from './paths.mjs';

/** What each deployable is built from; a build is reused while none of it changed. */
export const SHARED_INPUTS = ['shared-contracts/src', 'shared-contracts/package.json', 'tooling/src', 'pnpm-lock.yaml'];
export const BUILDS = [
  { pkg: '@utsav/api', dir: 'api', inputs: ['src', 'migrations', 'package.json', 'tsconfig.json', 'tsconfig.build.json', 'build.mjs'] },
  // the local stand-ins (payment sandbox, message catcher): run by npm start and the tests, never deployed
  { pkg: '@utsav/stand-ins', dir: 'stand-ins', inputs: ['src', 'package.json', 'tsconfig.json', 'build.mjs'] },
  ...['host-shell', 'mfe-catalog', 'mfe-booking', 'mfe-checkout', 'mfe-account', 'mfe-provider'].map((dir) => ({
    pkg: JSON.parse(fs.readFileSync(path.join(ROOT, dir, 'package.json'), 'utf8')).name,
    dir,
    inputs: ['src', 'public', 'package.json', 'webpack.config.js', 'federation.config.json'],
  })),
];

function hashTree(hash, target) {
  if (!fs.existsSync(target)) return;
  const stat = fs.statSync(target);
  if (stat.isDirectory()) {
    for (const name of fs.readdirSync(target).sort()) {
      if (name === 'node_modules' || name === 'dist') continue;
      hashTree(hash, path.join(target, name));
    }
  } else {
    hash.update(path.relative(ROOT, target));
    hash.update(fs.readFileSync(target));
  }
}

/** Settings read from env that change what a build makes (tooling/src/webpack-config.cjs). */
const BUILD_ENV = ['UTSAV_CONTRACTS_VERSION'];

/** The hash of everything a build is made from: its own files, the shared ones, the build settings in env. */
export function stampOf(build, env = process.env) {
  const hash = crypto.createHash('sha256');
  for (const input of build.inputs) hashTree(hash, path.join(ROOT, build.dir, input));
  for (const input of SHARED_INPUTS) hashTree(hash, path.join(ROOT, input));
  for (const name of BUILD_ENV) if (env[name] !== undefined) hash.update(`${name}=${env[name]}`);
  return hash.digest('hex');
}

export const stampFile = (build) => path.join(ROOT, build.dir, 'dist', '.build-stamp');

/** Whether the build in dist/ is the build of the code as it is (its stamp is `stamp`, by default the inputs' hash now). */
export const isCurrent = (build, stamp = stampOf(build)) => fs.existsSync(stampFile(build)) && fs.readFileSync(stampFile(build), 'utf8') === stamp;

/**
 * Production builds of the API and the five apps (or those whose folders are in `only`), two at a
 * time, skipping those already current. `stdout`: where the builds' own output goes (a stdio value;
 * 2 sends it to stderr, for a command whose stdout is its answer).
 */
export async function buildAll({ force = false, log = console.log, only, stdout = 'inherit' } = {}) {
  const pending = BUILDS.filter((build) => !only || only.includes(build.dir)).filter((build) => {
    build.stamp = stampOf(build);
    return force || !isCurrent(build, build.stamp);
  });
  if (pending.length === 0) {
    log('builds are current');
    return [];
  }
  const timings = [];
  const queue = [...pending];
  const worker = async () => {
    for (let build = queue.shift(); build; build = queue.shift()) {
      const started = Date.now();
      log(`building ${build.pkg}…`);
      await pnpm(['--filter', build.pkg, 'run', 'build'], { stdio: ['ignore', stdout, 'inherit'] });
      fs.writeFileSync(stampFile(build), build.stamp);
      timings.push({ pkg: build.pkg, ms: Date.now() - started });
    }
  };
  await Promise.all([worker(), worker()]);
  return timings;
}
