// Writes docs/configuration.md's tables of variables from the schemas that read them: the API's (src/config.ts),
// the host server's (tooling/src/host-environment.cjs), the local stand-ins' (stand-ins/src/config.ts) and the release
// commands' (tooling/src/release/release-environment.cjs). `npm run docs:config`.
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../src/config';
import { configurationDocument } from './configuration-document';

const file = path.join(REPO_ROOT, 'docs/configuration.md');
fs.writeFileSync(file, configurationDocument(fs.readFileSync(file, 'utf8')));
console.log(`${path.relative(REPO_ROOT, file)}: its tables written from the schemas of the API, the host server, the local stand-ins and the release commands`);
