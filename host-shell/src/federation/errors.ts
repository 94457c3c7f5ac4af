/** A remote's code could not be fetched (its server is down, blocked, or the network failed). */
export class RemoteUnavailableError extends Error {
  constructor(
    readonly remote: string,
    override readonly cause?: unknown,
  ) {
    super(`The ${remote} part of Utsav could not be loaded.`);
    this.name = 'RemoteUnavailableError';
  }
}
