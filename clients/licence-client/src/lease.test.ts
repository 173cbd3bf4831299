// What a tool sees from check() over time: online, offline on the lease, and the ways offline use
// ends (expiry, a signed refusal, a clock turned back) or must not change (relays, replays, 429s).
import { describe, expect, it } from "vitest";
import { KEY_1 } from "../scripts/make-test-vectors";
import { BASE_URL, answerTo, fakeFetch, offline, refusalTo, signedResponse, statusResponse, trusted, type Handler, type SeenRequest } from "../test-support/fake-server";
import { LicenseClient } from "./client";
import { leaseStorageKey } from "./lease";
import { MemoryStorage } from "./storage";

const BUY_KEY = "KS-7QX4M-9HTRW-KD2PA-M3XVE";
const DEVICE_KEY = "PC-LDREEL-0001";
const LICENCE = { buyKey: BUY_KEY, deviceKey: DEVICE_KEY };
const T0 = new Date("2026-11-23T09:00:00.000Z");
const at = (offsetMs: number) => new Date(T0.getTime() + offsetMs);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A client whose clock and server the test moves by hand. */
function setup() {
  const state = { localTime: T0, serverTime: T0, handler: ((request) => signedResponse(answerTo(request, state.serverTime))) as Handler };
  const { fetch, requests } = fakeFetch((request) => state.handler(request));
  const storage = new MemoryStorage();
  const client = new LicenseClient({ baseUrl: BASE_URL, trustedKeys: trusted(KEY_1), storage, fetch, now: () => state.localTime });
  return { state, client, storage, requests };
}

describe("check(): online and on the lease", () => {
  it("runs online on a valid answer, then offline on the lease until leaseUntil", async () => {
    const { state, client } = setup();
    const online = await client.check(LICENCE);
    expect(online).toMatchObject({ ok: true, source: "online", answer: { code: "VALID", leaseUntil: "2026-11-30T09:00:00.000Z" } });

    state.handler = offline;
    state.localTime = at(6 * DAY + 23 * HOUR);
    expect(await client.check(LICENCE)).toMatchObject({ ok: true, source: "lease", answer: { buyKey: BUY_KEY, deviceKey: DEVICE_KEY }, online: { kind: "no-answer", reason: "network" } });

    state.localTime = at(7 * DAY);
    expect(await client.check(LICENCE)).toMatchObject({ ok: false, reason: "lease-expired", online: { kind: "no-answer", reason: "network" } });
  });

  it("has nothing to fall back on before the first valid answer, or for another device", async () => {
    const { state, client } = setup();
    state.handler = offline;
    expect(await client.check(LICENCE)).toMatchObject({ ok: false, reason: "no-lease" });

    state.handler = (request) => signedResponse(answerTo(request, state.serverTime));
    await client.check(LICENCE);
    state.handler = offline;
    expect(await client.check({ buyKey: BUY_KEY, deviceKey: "PC-LDREEL-0002" })).toMatchObject({ ok: false, reason: "no-lease" });
    // The same licence typed differently (spaces, lower case) is the same licence.
    expect(await client.check({ buyKey: ` ${BUY_KEY.toLowerCase()} `, deviceKey: ` ${DEVICE_KEY} ` })).toMatchObject({ ok: true, source: "lease" });
  });

  it("drops the lease on a signed refusal", async () => {
    const { state, client, storage } = setup();
    await client.check(LICENCE);
    state.handler = (request) => signedResponse(refusalTo(request, state.serverTime, "EXPIRED", { status: "Expired" }));
    expect(await client.check(LICENCE)).toMatchObject({ ok: false, reason: "refused", answer: { valid: false, code: "EXPIRED" } });
    expect(await storage.get(leaseStorageKey(BUY_KEY, DEVICE_KEY))).toBeNull();

    state.handler = offline;
    expect(await client.check(LICENCE)).toMatchObject({ ok: false, reason: "no-lease" });
  });

  it("stops offline use when the clock is more than 300 s behind the latest serverTime", async () => {
    const { state, client } = setup();
    // The machine's clock was turned back before it went online: the online answer still counts
    // (it is judged by its nonce), but offline use must not.
    state.serverTime = at(2 * DAY);
    state.localTime = at(2 * DAY - 301_000);
    expect(await client.check(LICENCE)).toMatchObject({ ok: true, source: "online" });
    state.handler = offline;
    expect(await client.check(LICENCE)).toMatchObject({ ok: false, reason: "clock-rollback" });

    // Within the 300 s tolerance it runs.
    state.localTime = at(2 * DAY - 299_000);
    expect(await client.check(LICENCE)).toMatchObject({ ok: true, source: "lease" });
  });

  it("stops offline use when the clock goes back behind the latest local time seen, and a valid online answer resumes it", async () => {
    const { state, client } = setup();
    await client.check(LICENCE);
    state.handler = offline;
    state.localTime = at(3 * DAY);
    expect(await client.check(LICENCE)).toMatchObject({ ok: true, source: "lease" });

    // Still after serverTime and before leaseUntil, but an hour behind what this machine already saw.
    state.localTime = at(3 * DAY - HOUR);
    expect(await client.check(LICENCE)).toMatchObject({ ok: false, reason: "clock-rollback" });

    // Online answers are judged by their nonce, not the clock, and they end the block.
    state.handler = (request) => signedResponse(answerTo(request, state.serverTime));
    expect(await client.check(LICENCE)).toMatchObject({ ok: true, source: "online" });
    state.handler = offline;
    expect(await client.check(LICENCE)).toMatchObject({ ok: true, source: "lease" });
  });

  it("rejects a relayed answer (another buy key) and keeps the lease it had", async () => {
    const { state, client, storage } = setup();
    await client.check(LICENCE);
    const leaseBefore = await storage.get(leaseStorageKey(BUY_KEY, DEVICE_KEY));

    // A relay forwards our nonce with another buy key; the server's genuine answer names that key.
    state.serverTime = at(DAY);
    state.localTime = at(DAY);
    state.handler = (request) => {
      const relayed: SeenRequest = { ...request, body: { ...request.body, buyKey: "KS-A2B3C-D4E5F-G6H7J-K8M9N" } };
      return signedResponse(refusalTo(relayed, state.serverTime, "NOT_FOUND", { status: null, expiresAt: null, changesLeft: null }));
    };
    const result = await client.check(LICENCE);
    expect(result).toMatchObject({ ok: true, source: "lease", online: { kind: "rejected", reason: "buy-key" } });
    expect(result.ok && result.answer.leaseUntil).toBe("2026-11-30T09:00:00.000Z");
    // The lease is the same signed answer as before (only its clock reading may move forward).
    expect(JSON.parse((await storage.get(leaseStorageKey(BUY_KEY, DEVICE_KEY)))!).body).toBe(JSON.parse(leaseBefore!).body);
  });

  it("rejects a replayed answer (old nonce), so it cannot extend an expired lease", async () => {
    const { state, client } = setup();
    let recorded: { body: string; header: string } | null = null;
    state.handler = async (request) => {
      const response = signedResponse(answerTo(request, state.serverTime));
      recorded = { body: await response.clone().text(), header: response.headers.get("x-keyshop-signature")! };
      return response;
    };
    await client.check(LICENCE);

    state.localTime = at(8 * DAY);
    state.handler = () => new Response(recorded!.body, { status: 200, headers: { "x-keyshop-signature": recorded!.header } });
    expect(await client.check(LICENCE)).toMatchObject({ ok: false, reason: "lease-expired", online: { kind: "rejected", reason: "nonce" } });
  });

  it("on 429 keeps the lease and reports Retry-After", async () => {
    const { state, client } = setup();
    await client.check(LICENCE);
    state.handler = () => statusResponse(429, { "retry-after": "42" });
    expect(await client.check(LICENCE)).toMatchObject({
      ok: true,
      source: "lease",
      online: { kind: "no-answer", reason: "status", status: 429, retryAfterSeconds: 42 },
    });
  });

  it("ignores a stored lease edited on disk to last longer", async () => {
    const { state, client, storage } = setup();
    await client.check(LICENCE);
    const key = leaseStorageKey(BUY_KEY, DEVICE_KEY);
    const stored = JSON.parse((await storage.get(key))!) as { body: string };
    await storage.set(key, JSON.stringify({ ...stored, body: stored.body.replace("2026-11-30", "2027-11-30") }));

    state.handler = offline;
    state.localTime = at(DAY);
    expect(await client.check(LICENCE)).toMatchObject({ ok: false, reason: "no-lease" });
  });

  it("after a key change, holds a lease for the new device key and none for the old one", async () => {
    const { state, client } = setup();
    await client.check(LICENCE);
    const moved = await client.changeKey({ buyKey: BUY_KEY, oldDeviceKey: DEVICE_KEY, newDeviceKey: "PC-LDREEL-0002" });
    expect(moved).toMatchObject({ kind: "answer", answer: { code: "KEY_CHANGED", deviceKey: "PC-LDREEL-0002" } });

    state.handler = offline;
    expect(await client.check({ buyKey: BUY_KEY, deviceKey: "PC-LDREEL-0002" })).toMatchObject({ ok: true, source: "lease" });
    expect(await client.check(LICENCE)).toMatchObject({ ok: false, reason: "no-lease" });
  });
});

describe("requests", () => {
  it("send protocol 2 with a fresh 16-byte base64url nonce each time", async () => {
    const { client, requests } = setup();
    await client.validate(LICENCE);
    await client.activate(LICENCE);
    expect(requests.map((request) => [request.method, request.url])).toEqual([
      ["POST", `${BASE_URL}/validate`],
      ["POST", `${BASE_URL}/activate`],
    ]);
    const [first, second] = requests.map((request) => request.body!);
    expect(first).toEqual({ protocol: 2, buyKey: BUY_KEY, deviceKey: DEVICE_KEY, nonce: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/) });
    expect(first!.nonce).not.toBe(second!.nonce);
  });

  it("report a server error as no answer without reading its body as an answer", async () => {
    const { state, client } = setup();
    state.handler = () => statusResponse(503);
    expect(await client.validate(LICENCE)).toEqual({ kind: "no-answer", reason: "status", status: 503 });
  });
});
