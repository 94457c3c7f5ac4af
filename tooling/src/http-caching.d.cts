export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean;
export function acceptedEncoding<Coding extends string>(acceptEncoding: string | undefined, offered: readonly Coding[]): Coding | null;
export function encodedEtag(etag: string, encoding: string | null): string;
