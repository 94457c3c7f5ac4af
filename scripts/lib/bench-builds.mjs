// Production build times: each deployable alone (nothing else building), then all of them the way
// `npm start` and `npm test` build them (buildAll: two at a time). Every build starts from no dist/.
import fs from 'node:fs';
import path from 'node:path';
import { BUILDS, buildAll } from './build.mjs';
import { ROOT } from './paths.mjs';
import { pnpm } from './pnpm.mjs';

const clean = (build) => fs.rmSync(path.join(ROOT, build.dir, 'dist'), { recursive: true, force: true });

async function timed(action) {
  const started = Date.now();
  await action();
  return Date.now() - started;
}

export async function measureBuilds({ log = console.log } = {}) {
  const alone = [];
  for (const build of BUILDS) {
    clean(build);
    log(`building ${build.pkg} alone…`);
    const ms = await timed(() => pnpm(['--filter', build.pkg, 'run', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] }));
    alone.push({ pkg: build.pkg, ms });
  }
  BUILDS.forEach(clean);
  log('building all (two at a time, as npm start does)…');
  let together = [];
  const allMs = await timed(async () => {
    together = await buildAll({ force: true, log: () => {} });
  });
  return { alone, together, allMs };
}
