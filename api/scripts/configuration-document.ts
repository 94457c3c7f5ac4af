import { environmentTable, withGeneratedTable } from '@utsav/tooling/src/environment.cjs';
import { hostEnvironment } from '@utsav/tooling/src/host-environment.cjs';
import { apiEnvironment } from '../src/config';

/** docs/configuration.md (`document`) with its tables written from the API's and the host server's schemas. */
export function configurationDocument(document: string): string {
  const withApi = withGeneratedTable(document, "the API's variables", environmentTable(apiEnvironment));
  return withGeneratedTable(withApi, "the host server's variables", environmentTable(hostEnvironment));
}
