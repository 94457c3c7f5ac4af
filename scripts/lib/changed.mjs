// npm test -- --changed: only what the working tree's changes (against HEAD, new files included) can affect,
// read from the workspace's dependency graph: a package's own checks for each changed package and every
// package that depends on it; the builds, their node tests and the browser specs tagged for the remotes
// affected (every spec when the host, the API, the contracts or the tooling changed).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './paths.mjs';
import { fullPlan, REMOTE_PACKAGES, step } from './test-plan.mjs';
import { JEST_PACKAGES } from './test-steps.mjs';

/** Files at the root that every package is made or checked with: a change to one runs everything. */
const EVERYTHING = [/^pnpm-lock\.yaml$/, /^pnpm-workspace\.yaml$/, /^package\.json$/, /^tsconfig\.base\.json$/, /^eslint\.config\.mjs$/, /^\.ci\//, /^scripts\/lib\//, /^scripts\/test(-step)?\.mjs$/];

/** Remote name by folder: mfe-catalog -> catalog. */
const REMOTE_FOLDERS = Object.fromEntries(Object.keys(REMOTE_PACKAGES).map((remote) => [`mfe-${remote}`, remote]));

/** The workspace's packages: folder -> { name, dependsOn: folders }. */
export function workspaceGraph(root = ROOT) {
  const folders = fs
    .readFileSync(path.join(root, 'pnpm-workspace.yaml'), 'utf8')
    .split('packages:')[1]
    .split(/\n(?=\S)/)[0]
    .split('\n')
    .map((line) => /^\s*-\s*(\S+)/.exec(line)?.[1])
    .filter(Boolean);
  const manifests = Object.fromEntries(folders.map((folder) => [folder, JSON.parse(fs.readFileSync(path.join(root, folder, 'package.json'), 'utf8'))]));
  const folderOf = Object.fromEntries(folders.map((folder) => [manifests[folder].name, folder]));
  return Object.fromEntries(
    folders.map((folder) => {
      const deps = { ...manifests[folder].dependencies, ...manifests[folder].devDependencies };
      const dependsOn = Object.keys(deps).filter((name) => String(deps[name]).startsWith('workspace:') && folderOf[name]).map((name) => folderOf[name]);
      return [folder, { name: manifests[folder].name, scripts: manifests[folder].scripts ?? {}, dependsOn }];
    }),
  );
}

/** The changed packages and every package that depends on them, directly or not. */
export function affectedPackages(changedFolders, graph) {
  const affected = new Set(changedFolders);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [folder, { dependsOn }] of Object.entries(graph)) {
      if (!affected.has(folder) && dependsOn.some((dep) => affected.has(dep))) {
        affected.add(folder);
        grew = true;
      }
    }
  }
  return affected;
}

/** The working tree's changed files against HEAD, new (untracked) files included, relative to the root. */
export function changedFiles(root = ROOT) {
  const out = execFileSync('git', ['status', '--porcelain=v1', '-z', '--untracked-files=all'], { cwd: root, encoding: 'utf8' });
  const entries = out.split('\0').filter(Boolean);
  const files = [];
  for (let index = 0; index < entries.length; index += 1) {
    const entry = entries[index];
    files.push(entry.slice(3));
    // a rename lists its old path next
    if (entry[0] === 'R' || entry[0] === 'C') files.push(entries[++index]);
  }
  return files;
}

/**
 * What to run for these changed files: `{ everything }`, or the affected packages, whether the scripts' own
 * tests, the builds and the browser suite are touched, and which remotes' slices of it.
 */
export function scopeOf(files, graph) {
  if (files.some((file) => EVERYTHING.some((pattern) => pattern.test(file)))) return { everything: true };
  const folders = Object.keys(graph);
  const changed = new Set(files.map((file) => file.split('/')[0]).filter((top) => folders.includes(top)));
  const packages = affectedPackages(changed, graph);
  const scripts = files.some((file) => file.startsWith('scripts/'));
  const apps = [...packages].filter((folder) => folder === 'api' || folder === 'host-shell' || REMOTE_FOLDERS[folder]);
  const remotesOnly = apps.length > 0 && apps.every((folder) => REMOTE_FOLDERS[folder]) && !changed.has('e2e');
  const browser = apps.length > 0 || changed.has('e2e') || files.some((file) => file.startsWith('scripts/after-build/'));
  return {
    everything: false,
    packages: [...packages].sort(),
    scripts,
    builds: apps.length > 0 || files.some((file) => file.startsWith('scripts/after-build/')),
    browser,
    // only remotes changed: their slices of the browser suite (tests tagged @catalog…); else all of it
    slices: browser && remotesOnly ? apps.map((folder) => REMOTE_FOLDERS[folder]) : null,
  };
}

export async function changedPlan({ postgres, log = console.log, files = changedFiles() }) {
  const graph = workspaceGraph();
  const scope = scopeOf(files, graph);
  if (files.length === 0) {
    log('--changed: the working tree has no changes against HEAD; nothing to run');
    return [];
  }
  if (scope.everything) {
    log(`--changed: ${files.filter((file) => EVERYTHING.some((pattern) => pattern.test(file))).join(', ')} changed, which everything is made or checked with: the whole suite`);
    return fullPlan({ postgres });
  }
  const { packages } = scope;
  log(`--changed: ${files.length} changed files; packages affected: ${packages.join(', ') || 'none'}${scope.browser ? `; the browser suite${scope.slices ? ` tagged ${scope.slices.map((remote) => `@${remote}`).join(' ')}` : ''}` : ''}`);
  const plan = [];
  if (scope.builds) plan.push(step('builds', 'builds', {}, { cpu: 2 }));
  if (scope.browser) {
    const grep = scope.slices ? scope.slices.map((remote) => `@${remote}\\b`).join('|') : undefined;
    plan.push(step('playwright e2e', 'playwright', { grep }, { cpu: 1, needs: scope.builds ? ['builds'] : [], holds: ['ports', 'builds'], emulator: true }));
  }
  if (scope.builds) plan.push(step('after-build tests (node:test)', 'after-build', {}, { cpu: 1, needs: ['builds'], holds: 'builds' }));
  const lintable = [...packages, ...(scope.scripts ? ['scripts'] : [])];
  if (lintable.length) plan.push(step('lint', 'lint', { paths: lintable }, { cpu: 1 }));
  const typed = packages.filter((folder) => graph[folder].scripts.typecheck).map((folder) => graph[folder].name);
  if (typed.length) plan.push(step('typecheck', 'typecheck', { packages: typed }, { cpu: 1 }));
  for (const folder of packages.filter((each) => JEST_PACKAGES[each])) {
    const pkg = JEST_PACKAGES[folder];
    plan.push(step(`jest ${pkg}${folder === 'api' ? ' (PGlite)' : ''}`, 'jest', { pkg }, { cpu: 1, emulator: folder === 'api' }));
    if (folder === 'api' && postgres) plan.push(step('jest @utsav/api (PostgreSQL)', 'jest', { pkg, name: 'api-postgres', postgres: true }, { cpu: 1, emulator: true }));
  }
  if (scope.scripts) plan.push(step('node tests (scripts)', 'node-tests', {}, { cpu: 1 }));
  return plan;
}
