// A LicenceStorage in one JSON file, for Node and Electron's main process. Kept apart from the
// core (the only file that imports node:*) so the rest runs in a browser or renderer as well.
import { open, readFile, rename, unlink } from "node:fs/promises";
import type { LicenseStorage } from "./storage";

export class JsonFileStorage implements LicenseStorage {
  // Writes are chained so two concurrent set() calls cannot interleave read-modify-write.
  private queue: Promise<unknown> = Promise.resolve();

  /** `path`: the JSON file; its directory must exist (e.g. Electron's `app.getPath("userData")`). */
  constructor(private readonly path: string) {}

  async get(key: string): Promise<string | null> {
    await this.queue;
    const entries = await this.read();
    return Object.hasOwn(entries, key) ? entries[key]! : null;
  }

  set(key: string, value: string): Promise<void> {
    return this.update((entries) => {
      entries[key] = value;
    });
  }

  delete(key: string): Promise<void> {
    return this.update((entries) => {
      delete entries[key];
    });
  }

  private update(change: (entries: Record<string, string>) => void): Promise<void> {
    const run = this.queue.then(async () => {
      const entries = await this.read();
      change(entries);
      await this.writeAtomically(JSON.stringify(entries, null, 2) + "\n");
    });
    // A failed write must reach its caller but not poison the writes queued after it.
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** A missing or unreadable file is an empty store: the client then simply asks the server. */
  private async read(): Promise<Record<string, string>> {
    let text: string;
    try {
      text = await readFile(this.path, "utf8");
    } catch (error) {
      if ((error as { code?: unknown }).code === "ENOENT") return Object.create(null);
      throw error;
    }
    try {
      const parsed: unknown = JSON.parse(text);
      if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return Object.create(null);
      // No prototype, so keys like "__proto__" are stored like any other.
      const entries: Record<string, string> = Object.create(null);
      for (const [key, value] of Object.entries(parsed)) if (typeof value === "string") entries[key] = value;
      return entries;
    } catch {
      return Object.create(null);
    }
  }

  /** Temp file, fsync, rename: a crash leaves the old file or the new one, never half of one. */
  private async writeAtomically(text: string): Promise<void> {
    const temp = `${this.path}.${globalThis.crypto.randomUUID()}.tmp`;
    const handle = await open(temp, "w", 0o600);
    try {
      await handle.writeFile(text, "utf8");
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      await rename(temp, this.path);
    } catch (error) {
      await unlink(temp).catch(() => undefined);
      throw error;
    }
  }
}
