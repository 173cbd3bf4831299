// Where the client keeps what must survive a restart: the learned key set and the last good
// answer per licence. Strings only, so it maps onto localStorage, a file, a keychain or a database.

export interface LicenseStorage {
  get(key: string): Promise<string | null>;
  set(key: string, value: string): Promise<void>;
  delete(key: string): Promise<void>;
}

/** Keeps everything in memory: for tests, and for tools that accept losing the lease on restart. */
export class MemoryStorage implements LicenseStorage {
  private readonly entries = new Map<string, string>();

  async get(key: string): Promise<string | null> {
    return this.entries.get(key) ?? null;
  }

  async set(key: string, value: string): Promise<void> {
    this.entries.set(key, value);
  }

  async delete(key: string): Promise<void> {
    this.entries.delete(key);
  }

  /** The stored keys, for tests and debugging. */
  keys(): string[] {
    return [...this.entries.keys()];
  }
}

/** Every key this client writes starts with this, so it can share a store with other data. */
export const STORAGE_PREFIX = "keyshop-licence:";
