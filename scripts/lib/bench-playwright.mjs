// Playwright is a dependency of the e2e package only; the bench borrows it from there.
import { createRequire } from 'node:module';
import path from 'node:path';
import { ROOT } from './paths.mjs';

const require = createRequire(path.join(ROOT, 'e2e/package.json'));
export const { chromium } = require('@playwright/test');
