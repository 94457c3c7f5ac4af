import { apiEnvironment, variableDoc } from './config';

/** Where the generated table sits in docs/configuration.md. */
export const GENERATED_START = '<!-- the API\'s variables: generated from api/src/config.ts by `pnpm --filter @utsav/api run docs:config` (api/test/config-docs.test.ts fails when this drifts) -->';
export const GENERATED_END = '<!-- end of the generated table -->';

/** A table cell: one line, its pipes escaped. */
const cell = (text: string) => text.replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|');

/** The API's environment (and the payment sandbox's and the message catcher's) as docs/configuration.md shows it, from the schema. */
export function apiEnvironmentTable(): string {
  const rows = (Object.keys(apiEnvironment.shape) as (keyof typeof apiEnvironment.shape)[]).map((name) => {
    const doc = variableDoc(name);
    const variable = `\`${name}\`${doc.secret ? ' (secret)' : ''}`;
    return `| ${[variable, doc.usedBy, doc.default, doc.meaning, doc.inProduction ?? ''].map(cell).join(' | ')} |`;
  });
  return [GENERATED_START, '', '| variable | used by | default | meaning | under `NODE_ENV=production` |', '|---|---|---|---|---|', ...rows, '', GENERATED_END].join('\n');
}

/** `document` with its generated table replaced by the schema's (the markers must be there). */
export function withApiEnvironmentTable(document: string): string {
  const start = document.indexOf(GENERATED_START);
  const end = document.indexOf(GENERATED_END);
  if (start < 0 || end < start) throw new Error('docs/configuration.md has lost the markers of its generated table');
  return document.slice(0, start) + apiEnvironmentTable() + document.slice(end + GENERATED_END.length);
}
