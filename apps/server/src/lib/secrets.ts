import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Encryption of the secrets a company entrusts to us (partners' API keys): AES-256-GCM with a key
 * from SECRETS_KEY (any string; its SHA-256 is the key) or, unset, a random key generated once
 * into DATA_DIR/secrets.key (0600). Several server processes must share the key: set SECRETS_KEY
 * (or share DATA_DIR) when running more than one. The associated data binds a ciphertext to its
 * row, so a value copied into another company's row does not decrypt.
 */
const VERSION = 'v1';
let current: Buffer | null = null;

export function keyFromConfig(opts: { secretsKey?: string; dataDir: string }): Buffer {
  if (opts.secretsKey) return crypto.createHash('sha256').update(opts.secretsKey).digest();
  const file = path.join(opts.dataDir, 'secrets.key');
  try {
    return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  fs.mkdirSync(opts.dataDir, { recursive: true, mode: 0o700 });
  const key = crypto.randomBytes(32);
  try {
    // 'wx': a second process starting at the same moment keeps the first one's key
    fs.writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    return key;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  }
}

/** Called by buildApp: the key every later encrypt/decrypt of this process uses. */
export function useSecretsKey(key: Buffer) {
  if (key.length !== 32) throw new Error('the secrets key must be 32 bytes');
  current = key;
}

function key(): Buffer {
  if (!current) throw new Error('secrets key not configured (buildApp calls useSecretsKey)');
  return current;
}

export function encryptSecret(plain: string, aad: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key(), iv);
  cipher.setAAD(Buffer.from(aad));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
}

/** The plain text, or null when the value was not written with this key (or was altered). */
export function decryptSecret(sealed: string, aad: string): string | null {
  const [version, data] = sealed.split(':');
  if (version !== VERSION || !data) return null;
  const raw = Buffer.from(data, 'base64');
  if (raw.length < 28) return null;
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', key(), raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(aad));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
