import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** An AES-256-GCM seal's parts: a random 96-bit IV, the ciphertext and the 128-bit tag. */
export interface GcmSealed {
  iv: Buffer;
  body: Buffer;
  tag: Buffer;
}

/** Seals `plain` under `key` (32 bytes) with a fresh IV; `context`, when given, is bound as additional data. */
export function gcmSeal(key: Buffer, plain: string, context?: string): GcmSealed {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: 16 });
  if (context !== undefined) cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return { iv, body, tag: cipher.getAuthTag() };
}

/** The plain text of a seal, or null when the key, the context or any byte is not the sealer's. */
export function gcmOpen(key: Buffer, { iv, body, tag }: GcmSealed, context?: string): string | null {
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: 16 });
    if (context !== undefined) decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/**
 * Sealing of secrets kept at rest (the back office's tokens in the session store): AES-256-GCM
 * under a key ring. The newest key seals; any listed key opens, so a key is rotated by putting
 * a new one first and dropping the old one once nothing sealed with it is alive (the sessions'
 * absolute lifetime), without logging anyone out.
 *
 * A sealed value reads `seal.v1.<key id>.<iv>.<ciphertext>.<tag>` (base64url parts). The caller's
 * context (the session id) is bound as additional data: a value copied into another row does
 * not open there.
 */
export interface SealKey {
  id: string;
  key: Buffer;
}

const PREFIX = 'seal.v1.';
const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;

export class SealKeys {
  private readonly byId: Map<string, Buffer>;

  constructor(private readonly keys: readonly SealKey[]) {
    if (keys.length === 0) throw new Error('at least one sealing key is needed');
    for (const k of keys) {
      if (!KEY_ID.test(k.id)) throw new Error(`sealing key id "${k.id}" must be 1-32 letters, digits, _ or -`);
      if (k.key.length !== 32) throw new Error(`sealing key "${k.id}" must be 32 bytes (AES-256)`);
    }
    this.byId = new Map(keys.map((k) => [k.id, k.key]));
    if (this.byId.size !== keys.length) throw new Error('sealing key ids must be distinct');
  }

  /**
   * The process's ring of one random key, the same for every server the process builds (as
   * instances configured alike share theirs): what is sealed lives only as long as the process.
   */
  static ephemeral(): SealKeys {
    return (processRing ??= new SealKeys([{ id: 'ephemeral', key: randomBytes(32) }]));
  }

  /**
   * Parses `id=base64key,id=base64key` (newest first), as the environment gives it; each key
   * is 32 random bytes in base64 or base64url (`openssl rand -base64 32`).
   */
  static parse(text: string): SealKeys {
    const keys = text.split(',').map((entry) => {
      const at = entry.indexOf('=');
      if (at <= 0) throw new Error('each key is written id=base64');
      return { id: entry.slice(0, at).trim(), key: Buffer.from(entry.slice(at + 1).trim(), 'base64') };
    });
    return new SealKeys(keys);
  }

  /** The id of the key that seals. */
  get current(): string {
    return this.keys[0]!.id;
  }

  seal(plain: string, context: string): string {
    const { id, key } = this.keys[0]!;
    const { iv, body, tag } = gcmSeal(key, plain, context);
    return `${PREFIX}${id}.${iv.toString('base64url')}.${body.toString('base64url')}.${tag.toString('base64url')}`;
  }

  /** The plain text, or null when the value is not sealed by a listed key for this context. */
  open(sealed: string, context: string): string | null {
    if (!sealed.startsWith(PREFIX)) return null;
    const [id, iv, body, tag] = sealed.slice(PREFIX.length).split('.');
    const key = id === undefined ? undefined : this.byId.get(id);
    if (!key || !iv || body === undefined || !tag) return null;
    return gcmOpen(key, { iv: Buffer.from(iv, 'base64url'), body: Buffer.from(body, 'base64url'), tag: Buffer.from(tag, 'base64url') }, context);
  }

  static isSealed(value: unknown): boolean {
    return typeof value === 'string' && value.startsWith(PREFIX);
  }
}

let processRing: SealKeys | undefined;
