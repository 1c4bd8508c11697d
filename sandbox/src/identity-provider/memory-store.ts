import type { Adapter, AdapterPayload } from 'oidc-provider';

interface Kept {
  payload: AdapterPayload;
  /** Epoch ms after which the entry is gone. */
  until: number;
}

/**
 * Where the sandbox's provider keeps its sessions, codes and tokens: this process's memory, as the
 * sandbox keeps everything else (a restart signs every staff member out). One store per provider,
 * each kind of entry (Session, AccessToken, RefreshToken …) apart.
 */
export function memoryStore(): new (kind: string) => Adapter {
  const kinds = new Map<string, Map<string, Kept>>();
  const grants = new Map<string, Set<string>>();
  return class MemoryStore implements Adapter {
    private readonly entries: Map<string, Kept>;

    constructor(private readonly kind: string) {
      this.entries = kinds.get(kind) ?? new Map();
      kinds.set(kind, this.entries);
    }

    private live(id: string | undefined): AdapterPayload | undefined {
      const kept = id === undefined ? undefined : this.entries.get(id);
      if (!kept) return undefined;
      if (kept.until <= Date.now()) {
        this.entries.delete(id!);
        return undefined;
      }
      return kept.payload;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      this.entries.set(id, { payload, until: Date.now() + expiresIn * 1000 });
      if (payload.grantId) grants.set(payload.grantId, (grants.get(payload.grantId) ?? new Set()).add(`${this.kind}:${id}`));
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      return this.live(id);
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return this.live([...this.entries].find(([, kept]) => kept.payload.uid === uid)?.[0]);
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return this.live([...this.entries].find(([, kept]) => kept.payload.userCode === userCode)?.[0]);
    }

    async consume(id: string): Promise<void> {
      const kept = this.entries.get(id);
      if (kept) kept.payload.consumed = Math.floor(Date.now() / 1000);
    }

    async destroy(id: string): Promise<void> {
      this.entries.delete(id);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      for (const key of grants.get(grantId) ?? []) {
        const at = key.indexOf(':');
        kinds.get(key.slice(0, at))?.delete(key.slice(at + 1));
      }
      grants.delete(grantId);
    }
  };
}
