import { environmentTable, withGeneratedTable } from '@utsav/tooling/src/environment.cjs';
import { hostEnvironment } from '@utsav/tooling/src/host-environment.cjs';
import { releaseEnvironment } from '@utsav/tooling/src/release/release-environment.cjs';
import { catcherEnvironment, sandboxEnvironment } from '@utsav/stand-ins/src/config';
import { apiEnvironment } from '../src/config';

/** docs/configuration.md (`document`) with its tables written from the schemas: the API's, the host server's, the local stand-ins' and the release commands'. */
export function configurationDocument(document: string): string {
  const withApi = withGeneratedTable(document, "the API's variables", environmentTable(apiEnvironment));
  const withHost = withGeneratedTable(withApi, "the host server's variables", environmentTable(hostEnvironment));
  const withSandbox = withGeneratedTable(withHost, "the payment sandbox's variables", environmentTable(sandboxEnvironment));
  const withCatcher = withGeneratedTable(withSandbox, "the message catcher's variables", environmentTable(catcherEnvironment));
  return withGeneratedTable(withCatcher, "the release commands' variables", environmentTable(releaseEnvironment));
}
