/**
 * Release signatures: a release's digest list (release.json's `digests`, store.cjs) signed with Ed25519
 * by the team that releases the remote, and checked by the host with that team's public key before it
 * loads a byte of the version. The digests say the files are the ones released; the signature says who
 * released them, so a store or CDN that can write files and records still cannot make the host run code
 * of its own.
 *
 * What is signed is one text: a fixed first line, the remote, the version, then "<file> <digest>" per
 * file, sorted (signedText). release.json carries { algorithm: 'ed25519', key: <key id>, value: <base64>,
 * development?: true }; the key id is the first 16 hex of the SHA-256 of the public key (SPKI DER).
 *
 * Keys: RELEASE_SIGNING_KEY (the releasing team's private key, PKCS#8 PEM or its DER in base64) signs;
 * REMOTE_<NAME>_PUBLIC_KEY (SPKI PEM or its DER in base64) is what the host and the gate check a remote's
 * releases with. Off production, when they are not set, a development key pair is made once in
 * RELEASE_KEYS_DIR (default the checkout's .data/release-keys: never committed, never in the store) and
 * used for both.
 * Under NODE_ENV=production the development key is refused: signing needs RELEASE_SIGNING_KEY, checking
 * needs REMOTE_<NAME>_PUBLIC_KEY, and a release signed with a development key is refused.
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const HEADER = 'utsav-release-signature-v1';
const DEVELOPMENT_PRIVATE = 'development.key.pem';
const DEVELOPMENT_PUBLIC = 'development.pub.pem';

/** A key that is not one, a key that is not Ed25519, a production without its keys: said in one line. */
class SigningError extends Error {}

const production = (env) => env.NODE_ENV === 'production';

/** The text a release's signature is over. */
function signedText({ remote, version, digests }) {
  const files = Object.keys(digests).sort();
  return [HEADER, remote, version, ...files.map((file) => `${file} ${digests[file]}`), ''].join('\n');
}

/** `text` as an Ed25519 key of `kind` ('private' or 'public'): `{ key }`, or `{ problem }` saying what it is instead (never its value). */
function readKey(text, kind) {
  const value = text.trim();
  let key;
  try {
    key = value.startsWith('-----BEGIN')
      ? (kind === 'private' ? crypto.createPrivateKey : crypto.createPublicKey)(value)
      : (kind === 'private' ? crypto.createPrivateKey : crypto.createPublicKey)({ key: Buffer.from(value, 'base64'), format: 'der', type: kind === 'private' ? 'pkcs8' : 'spki' });
  } catch {
    return { problem: `is not a ${kind} key (PEM, or its DER in base64)` };
  }
  if (key.asymmetricKeyType !== 'ed25519') return { problem: `is a ${key.asymmetricKeyType} key: releases are signed with Ed25519` };
  return { key };
}

/**
 * One or more public keys in one setting (a key rotation's overlap, docs/operations.md): PEM blocks one after
 * another, or DER in base64 separated by commas or white space. `{ keys }`, or `{ problem }` for the first that is not one.
 */
function readPublicKeys(text) {
  const value = text.trim();
  const parts = value.startsWith('-----BEGIN') ? value.match(/-----BEGIN [^-]+-----[\s\S]*?-----END [^-]+-----/g) ?? [value] : value.split(/[\s,]+/).filter(Boolean);
  const keys = [];
  for (const [index, part] of parts.entries()) {
    const { key, problem } = readKey(part, 'public');
    if (problem) return { problem: parts.length > 1 ? `(its key ${index + 1} of ${parts.length}) ${problem}` : problem };
    keys.push(key);
  }
  return { keys };
}

function publicKeysFrom(text, name) {
  const { keys, problem } = readPublicKeys(text);
  if (problem) throw new SigningError(`${name} ${problem}`);
  return keys;
}

function keyFrom(text, kind, name) {
  const { key, problem } = readKey(text, kind);
  if (problem) throw new SigningError(`${name} ${problem}`);
  return key;
}

/** The key id a signature names: the first 16 hex of the SHA-256 of the public key's SPKI DER. */
function keyIdOf(key) {
  const publicKey = key.type === 'private' ? crypto.createPublicKey(key) : key;
  return crypto.createHash('sha256').update(publicKey.export({ type: 'spki', format: 'der' })).digest('hex').slice(0, 16);
}

/** The repository's data folder (gitignored): one development key pair per checkout, whatever folder a command runs in. */
const DATA_DIR = path.join(__dirname, '../../../.data');

/** Where the development key pair lives (off production only): RELEASE_KEYS_DIR, else the checkout's .data/release-keys. */
function developmentKeyDir(env = process.env, cwd = process.cwd()) {
  const dir = (env.RELEASE_KEYS_DIR ?? '').trim();
  return dir ? path.resolve(cwd, dir) : path.join(DATA_DIR, 'release-keys');
}

/** This machine's development key pair, made on first use. */
function developmentKeys(env = process.env, cwd = process.cwd()) {
  if (production(env)) throw new SigningError('the development release key is never used with NODE_ENV=production');
  const dir = developmentKeyDir(env, cwd);
  const privateFile = path.join(dir, DEVELOPMENT_PRIVATE);
  if (!fs.existsSync(privateFile)) {
    fs.mkdirSync(dir, { recursive: true });
    const pair = crypto.generateKeyPairSync('ed25519');
    const temporary = `${privateFile}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, pair.privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
    // two processes making it at once: the first one in wins, the other uses it
    try {
      fs.linkSync(temporary, privateFile);
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    } finally {
      fs.rmSync(temporary, { force: true });
    }
  }
  const privateKey = keyFrom(fs.readFileSync(privateFile, 'utf8'), 'private', privateFile);
  const publicKey = crypto.createPublicKey(privateKey);
  fs.writeFileSync(path.join(dir, DEVELOPMENT_PUBLIC), publicKey.export({ type: 'spki', format: 'pem' }));
  return { privateKey, publicKey };
}

/** The key this process signs releases with: RELEASE_SIGNING_KEY, else (off production) the development key. */
function signingKey(env = process.env, cwd = process.cwd()) {
  if ((env.RELEASE_SIGNING_KEY ?? '').trim()) return { privateKey: keyFrom(env.RELEASE_SIGNING_KEY, 'private', 'RELEASE_SIGNING_KEY'), development: false };
  if (production(env)) throw new SigningError("RELEASE_SIGNING_KEY is not set: with NODE_ENV=production a release is signed with the releasing team's key, never a development key");
  return { privateKey: developmentKeys(env, cwd).privateKey, development: true };
}

const publicKeyVariable = (remote) => `REMOTE_${remote.toUpperCase()}_PUBLIC_KEY`;

/**
 * The public keys a remote's releases are checked with: REMOTE_<NAME>_PUBLIC_KEY (one, or two while its team
 * rotates its key), else (off production) the development key; none under production without one (everything
 * of that remote is then refused).
 */
function verifyingKeys(remote, env = process.env, cwd = process.cwd()) {
  const value = (env[publicKeyVariable(remote)] ?? '').trim();
  if (value) return publicKeysFrom(value, publicKeyVariable(remote));
  if (production(env)) return [];
  return [developmentKeys(env, cwd).publicKey];
}

/** The signature of a release record ({ remote, version, digests }) with `key` (what signingKey gives). */
function sign(info, { privateKey, development }) {
  return {
    algorithm: 'ed25519',
    key: keyIdOf(privateKey),
    value: crypto.sign(null, Buffer.from(signedText(info)), privateKey).toString('base64'),
    ...(development ? { development: true } : {}),
  };
}

/**
 * Why a release record's signature is not acceptable to a host with `publicKeys` (none: none configured),
 * or null when it is.
 */
function signatureProblem(info, publicKeys, env = process.env) {
  const signature = info.signature;
  if (publicKeys.length === 0) return `no public key to check ${info.remote}'s releases with: set ${publicKeyVariable(info.remote)}`;
  if (!signature) return `${info.remote} ${info.version} is not signed`;
  if (signature.algorithm !== 'ed25519') return `${info.remote} ${info.version} is signed with ${signature.algorithm}, not ed25519`;
  if (production(env) && signature.development) return `${info.remote} ${info.version} is signed with a development key, which production refuses`;
  const publicKey = publicKeys.find((key) => keyIdOf(key) === signature.key);
  if (!publicKey) return `${info.remote} ${info.version} is signed with key ${signature.key}, not ${info.remote}'s (${publicKeys.map(keyIdOf).join(', ')})`;
  if (!info.digests || !crypto.verify(null, Buffer.from(signedText(info)), publicKey, Buffer.from(signature.value, 'base64'))) {
    return `${info.remote} ${info.version}: its signature does not match its digests`;
  }
  return null;
}

/**
 * What the host refuses to start with under NODE_ENV=production when it serves remotes from the release
 * store: a remote without its public key, a key that is not one, or this machine's development key.
 */
function productionKeyProblem(remotes, env = process.env, cwd = process.cwd()) {
  const developmentPublic = path.join(developmentKeyDir(env, cwd), DEVELOPMENT_PUBLIC);
  const development = fs.existsSync(developmentPublic) ? keyIdOf(crypto.createPublicKey(fs.readFileSync(developmentPublic, 'utf8'))) : null;
  for (const remote of remotes) {
    const name = publicKeyVariable(remote);
    if (!(env[name] ?? '').trim()) return `${name} is not set: the host checks each remote's releases with its team's public key`;
    let keys;
    try {
      keys = publicKeysFrom(env[name], name);
    } catch (error) {
      return error.message;
    }
    if (development && keys.some((key) => keyIdOf(key) === development)) return `${name} is this machine's development key (${developmentPublic}), which production refuses`;
  }
  return null;
}

module.exports = {
  SigningError,
  developmentKeyDir,
  developmentKeys,
  keyIdOf,
  productionKeyProblem,
  publicKeyVariable,
  readKey,
  sign,
  signatureProblem,
  signedText,
  signingKey,
  readPublicKeys,
  verifyingKeys,
};
