import { ConfigError } from './config';

/**
 * Reads the configuration for a server's start. A ConfigError is the operator's to fix, not a bug: its message
 * alone, one line on stderr, and exit code 1 (a stack trace would bury the variable's name).
 */
export function configOrExit<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}
