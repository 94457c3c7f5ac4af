// Writes the API's environment table into docs/configuration.md from the schema in src/config.ts.
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../src/config';
import { withApiEnvironmentTable } from '../src/config-docs';

const file = path.join(REPO_ROOT, 'docs/configuration.md');
fs.writeFileSync(file, withApiEnvironmentTable(fs.readFileSync(file, 'utf8')));
console.log(`${path.relative(REPO_ROOT, file)}: the API's table written from api/src/config.ts`);
