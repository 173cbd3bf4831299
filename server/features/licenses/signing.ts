// Ed25519 signatures on licence answers, with keys that can be rotated and withdrawn
// (docs/licence-api.md, decisions 017 and 035). Keys live in `signing_keys`, private halves
// encrypted under AUTH_SECRET, shared by every instance. The current key signs answers; the key
// list is signed by every published key, so a tool that trusts an old key can learn the new one,
// and it names every retired key for good, so a tool drops a withdrawn key when it next sees the
// list. The list's version goes up with every change and every answer names it, so a tool knows
// when its list is stale. A change notifies every instance, which reloads its keys as it commits.
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from "node:crypto";
import { asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { PublicKeyList, RetiredSigningKeyInfo, SigningKeyInfo } from "../../../contracts/licenses";
import type { Db, Tx } from "../../db/client";
import type { Listen } from "../../db/notifications";
import { signingKeys } from "../../db/schema";
import { decryptSecret, encryptSecret } from "../../lib/crypto";
import { ed25519Signer, sodiumSecretKey } from "../../lib/ed25519";
import { AppError } from "../../lib/errors";
import type { SigningThread } from "../../lib/signing-thread";

export const SIGNATURE_HEADER = "X-Keyshop-Signature";
export const SIGNING_KEYS_CHANNEL = "signing_keys_changed";
const KEY_ID_PREFIX = "license-ed25519-";
const PURPOSE = "signing-key";

type KeyRow = typeof signingKeys.$inferSelect;
interface LoadedKey {
  keyId: string;
  status: "current" | "previous";
  privateKey: KeyObject;
  /** Signs with this key (libsodium when it loads: server/lib/ed25519.ts). */
  signBytes: (message: Buffer) => Buffer;
  /** The key's handle on the signing thread, when the signer has one. */
  threadHandle?: number;
  info: SigningKeyInfo;
}

/** `keyid="<id>", ed25519=<base64>`: one signature as the header carries it. */
export const signatureEntry = (keyId: string, signature: string) => `keyid="${keyId}", ed25519=${signature}`;

const rawPublicKeyBase64 = (pem: string) => Buffer.from(createPublicKey(pem).export({ format: "jwk" }).x!, "base64url").toString("base64");

function newKeyRow(secret: string, id: string, status: KeyRow["status"]) {
  const { publicKey, privateKey } = generateKeyPairSync("ed25519");
  return {
    id,
    status,
    publicKeyPem: publicKey.export({ type: "spki", format: "pem" }).toString(),
    privateKeyEncrypted: encryptSecret(secret, PURPOSE, privateKey.export({ type: "pkcs8", format: "pem" }).toString()),
  };
}

async function publishedRows(db: Db | Tx): Promise<KeyRow[]> {
  return db
    .select()
    .from(signingKeys)
    .where(inArray(signingKeys.status, ["current", "previous"]))
    .orderBy(sql`${signingKeys.status} = 'current' desc`, desc(signingKeys.createdAt), desc(signingKeys.id));
}

/** Every key, published ones first (current, then newest), then the retired ones (newest first). */
async function allRows(db: Db | Tx): Promise<KeyRow[]> {
  return db
    .select()
    .from(signingKeys)
    .orderBy(sql`${signingKeys.status} = 'retired'`, sql`${signingKeys.status} = 'current' desc`, desc(signingKeys.createdAt), desc(signingKeys.id));
}

/**
 * The key list's version: one for every key made and one for every key retired. Rows are never
 * deleted and a retirement is final, so every change to the list raises it (rotation +1, retirement
 * +1) and it never goes back; it needs no clock, so a CLI on another machine cannot lower it.
 */
export function keyListVersion(rows: ReadonlyArray<Pick<KeyRow, "status">>): number {
  return rows.length + rows.filter((row) => row.status === "retired").length;
}

export class Signer {
  private current!: LoadedKey;
  private published: LoadedKey[] = [];
  private retired: RetiredSigningKeyInfo[] = [];
  private version = 0;
  private keyListCache: { body: string; signatureHeader: string } | undefined;
  private stopListening: (() => Promise<void>) | undefined;
  private reloading: Promise<void> | undefined;

  /** Keys already handed to the thread, by id (a reload hands over only new ones). */
  private readonly threadHandles = new Map<string, number>();

  private constructor(
    private readonly db: Db,
    private readonly secret: string,
    private readonly thread: SigningThread | undefined,
  ) {}

  /**
   * Loads the published keys; the first start of a shop creates its first key. With a `thread`,
   * the answers' signatures are made there (signAnswer), off the event loop.
   */
  static async load({ db, secret, thread }: { db: Db; secret: string; thread?: SigningThread }): Promise<Signer> {
    const signer = new Signer(db, secret, thread);
    if (!(await publishedRows(db)).length) {
      // Two instances starting together: the first insert wins, both use the stored key.
      await db.insert(signingKeys).values(newKeyRow(secret, `${KEY_ID_PREFIX}1`, "current")).onConflictDoNothing();
    }
    await signer.reload();
    return signer;
  }

  /** Reloads on every change to the keys (a rotation by the CLI or another instance). */
  async start(listen: Listen) {
    this.stopListening = await listen(SIGNING_KEYS_CHANNEL, {
      onMessage: () => void this.reload().catch(() => {}),
      // Changes made while not listening are unknown: read the keys again.
      onLive: () => void this.reload().catch(() => {}),
      onLost: () => {},
    });
  }

  async stop() {
    await this.stopListening?.();
  }

  reload(): Promise<void> {
    this.reloading ??= this.doReload().finally(() => (this.reloading = undefined));
    return this.reloading;
  }

  private async doReload() {
    const rows = await allRows(this.db);
    // A retired key's private half is never decrypted again: it signs nothing.
    const retired = rows
      .filter((row) => row.status === "retired")
      .map((row): RetiredSigningKeyInfo => ({
        keyId: row.id,
        publicKeyBase64: rawPublicKeyBase64(row.publicKeyPem),
        createdAt: row.createdAt.toISOString(),
        // Set by retireSigningKey; a row retired by hand without it counts as retired when first seen.
        retiredAt: (row.retiredAt ?? row.createdAt).toISOString(),
      }));
    const loaded = rows.filter((row) => row.status !== "retired").map((row): LoadedKey => {
      const privateKey = createPrivateKey(decryptSecret(this.secret, PURPOSE, row.privateKeyEncrypted));
      const signBytes = ed25519Signer(privateKey);
      return {
        keyId: row.id,
        status: row.status === "current" ? "current" : "previous",
        privateKey,
        signBytes,
        threadHandle: this.handleOnThread(row.id, privateKey, signBytes),
        info: {
          keyId: row.id,
          status: row.status === "current" ? "current" : "previous",
          publicKeyBase64: rawPublicKeyBase64(row.publicKeyPem),
          publicKeyPem: row.publicKeyPem,
          createdAt: row.createdAt.toISOString(),
        },
      };
    });
    const current = loaded.find((k) => k.status === "current");
    if (!current) throw new Error("no current licence signing key (run npm run license:rotate-key)");
    this.current = current;
    this.published = loaded;
    this.retired = retired;
    this.version = keyListVersion(rows);
    this.keyListCache = undefined;
  }

  private handleOnThread(keyId: string, privateKey: KeyObject, signBytes: (message: Buffer) => Buffer): number | undefined {
    if (!this.thread) return undefined;
    let handle = this.threadHandles.get(keyId);
    if (handle === undefined) this.threadHandles.set(keyId, (handle = this.thread.addKey(sodiumSecretKey(privateKey), signBytes)));
    return handle;
  }

  get keyId() {
    return this.current.keyId;
  }

  /** The key list's version now (in memory, reloaded with the keys): every protocol 2 answer names it. */
  get keysVersion() {
    return this.version;
  }

  /**
   * An answer's signature, base64, and the header value naming its key (protocol 2), made on the
   * signing thread when there is one. The key is the one current now, when the answer's text
   * (which names the key list's version) was made: nothing awaits in between.
   */
  async signAnswer(body: string): Promise<{ signature: string; header: string }> {
    const key = this.current;
    const signature = this.thread && key.threadHandle !== undefined ? await this.thread.sign(key.threadHandle, body) : key.signBytes(Buffer.from(body)).toString("base64");
    return { signature, header: signatureEntry(key.keyId, signature) };
  }

  /**
   * The key list and its header: one signature per published key (docs/licence-api.md). Retired
   * keys are listed under `retired` and never sign it: a tool ignores a list signed only by a key
   * the list itself retires.
   */
  keyList(): { body: string; signatureHeader: string } {
    if (!this.keyListCache) {
      const current = this.current.info;
      const list: PublicKeyList = {
        algorithm: "Ed25519",
        signatureHeader: SIGNATURE_HEADER,
        currentKeyId: current.keyId,
        keys: this.published.map((k) => k.info),
        keyId: current.keyId,
        publicKeyPem: current.publicKeyPem,
        publicKeyBase64: current.publicKeyBase64,
        keysVersion: this.version,
        retired: this.retired,
      };
      const body = JSON.stringify(list);
      const signatureHeader = this.published.map((k) => signatureEntry(k.keyId, k.signBytes(Buffer.from(body)).toString("base64"))).join("; ");
      this.keyListCache = { body, signatureHeader };
    }
    return this.keyListCache;
  }
}

// ---- Rotation (npm run license:rotate-key) ----

export async function listSigningKeys(db: Db) {
  return db.select({ id: signingKeys.id, status: signingKeys.status, createdAt: signingKeys.createdAt, retiredAt: signingKeys.retiredAt }).from(signingKeys).orderBy(asc(signingKeys.createdAt), asc(signingKeys.id));
}

/** A new key becomes current; the current one becomes previous (still published). One transaction. */
export async function rotateSigningKey({ db, secret }: { db: Db; secret: string }): Promise<{ keyId: string; previousKeyId: string | null }> {
  return db.transaction(async (tx) => {
    // Serialises rotations: a second one waits here and then rotates from the new key.
    const all = await tx.select({ id: signingKeys.id, status: signingKeys.status }).from(signingKeys).for("update");
    const next = 1 + Math.max(0, ...all.map((k) => Number(k.id.startsWith(KEY_ID_PREFIX) ? k.id.slice(KEY_ID_PREFIX.length) : 0) || 0));
    const previous = all.find((k) => k.status === "current");
    if (previous) await tx.update(signingKeys).set({ status: "previous" }).where(eq(signingKeys.id, previous.id));
    const row = newKeyRow(secret, `${KEY_ID_PREFIX}${next}`, "current");
    await tx.insert(signingKeys).values(row);
    return { keyId: row.id, previousKeyId: previous?.id ?? null };
  });
}

/**
 * A previous key is withdrawn: it stops endorsing the key list and is listed as retired from now
 * on, so every tool drops it when it next sees the list (answers name the new list version).
 * Final: a retired key never comes back. Returns whether this call retired it.
 */
export async function retireSigningKey({ db, keyId }: { db: Db; keyId: string }): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Waits for a rotation in progress (it locks every row), so the two never interleave.
    const [row] = await tx.select().from(signingKeys).where(eq(signingKeys.id, keyId)).for("update");
    if (!row) throw new AppError("NOT_FOUND", `No signing key ${keyId}`);
    if (row.status === "current") throw new AppError("CONFLICT", `${keyId} is the current key: rotate first, then retire it`);
    if (row.status === "retired") return false;
    await tx.update(signingKeys).set({ status: "retired", retiredAt: new Date() }).where(eq(signingKeys.id, keyId));
    return true;
  });
}
