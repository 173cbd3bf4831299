// The upstream adapter against the market simulator on its own port, over real HTTP.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { collectCodes, FACEBOOK } from "../../features/otp-mail/extract";
import { startMarketSimulator } from "./simulator";
import { SupplierError } from "./types";
import { createUpstreamSupplier, type UpstreamOptions } from "./upstream";

const TOKEN = "shop-token-5f0c2a";
let sim: Awaited<ReturnType<typeof startMarketSimulator>>;

beforeAll(async () => {
  sim = await startMarketSimulator({ tokens: [TOKEN], stock: 10 });
});
afterAll(() => sim.close());
beforeEach(() => sim.setStock(10));

const supplier = (over: Partial<UpstreamOptions> = {}) => createUpstreamSupplier({ baseUrl: sim.url, token: TOKEN, timeoutMs: 1_000, ...over });

/** The SupplierError a call fails with; its message never carries the token or the URL. */
async function failure(call: Promise<unknown>): Promise<SupplierError> {
  const err = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SupplierError);
  const message = (err as SupplierError).message;
  expect(message).not.toContain(TOKEN);
  expect(message).not.toContain("token=");
  return err as SupplierError;
}

const FACEBOOK_MAIL = {
  from: "Facebook <security@facebookmail.com>",
  subject: "FB-48213 is your Facebook confirmation code",
  text: "",
  html: "<p>Hi,</p><p>Your Facebook confirmation code is <b>4821</b><b>3</b></p><footer>Meta Platforms, Inc., Menlo Park, CA 94025</footer>",
};

describe("the upstream adapter (Kopeechka wire format)", () => {
  it("acquire → a letter arrives → messages returns it → the Facebook extractor finds the code", async () => {
    const s = supplier();
    const since = new Date();
    const { address, ref } = await s.acquire({ service: "facebook" });
    expect(address).toMatch(/@gmail\.com$/);
    expect(ref).toMatch(/^\d+$/);
    expect(await s.messages({ address, ref, since, service: "facebook" })).toEqual([]); // WAIT_LINK

    // The market hands out only letters from the sender we ordered with.
    expect(sim.deliver({ to: address, from: "promo@shop.example", subject: "code 11111", text: "code 11111" })).toBe(0);
    expect(sim.deliver({ to: address, ...FACEBOOK_MAIL })).toBe(1);

    const mail = await s.messages({ address, ref, since, service: "facebook" });
    expect(mail).toHaveLength(1);
    expect(collectCodes(FACEBOOK, mail, since)).toEqual(["48213"]);
    expect(sim.state().calls).toMatchObject({ "mailbox-get-email": 1, "mailbox-get-message": 2 });
  });

  it("passes each catalogue service through as the market's site and sender", async () => {
    const s = supplier();
    expect(s.serves?.("instagram")).toBe(true);
    expect(s.serves?.("myspace")).toBe(false);
    const { ref } = await s.acquire({ service: "instagram" });
    const { ref: tiktokRef } = await s.acquire({ service: "tiktok" });
    const activations = sim.state().activations;
    expect(activations.find((a) => String(a.id) === ref)).toMatchObject({ site: "instagram.com", sender: "instagram.com" });
    expect(activations.find((a) => String(a.id) === tiktokRef)).toMatchObject({ site: "tiktok.com" });
  });

  it("reads a plain-text letter too", async () => {
    const s = supplier();
    const since = new Date();
    const { address, ref } = await s.acquire({ service: "facebook" });
    sim.deliver({ to: address, from: "security@facebookmail.com", subject: "Confirm", text: "Your confirmation code is 77123. Menlo Park, CA 94025" });
    expect(collectCodes(FACEBOOK, await s.messages({ address, ref, since, service: "facebook" }), since)).toEqual(["77123"]);
  });

  it("maps the market's errors: out of stock, bad token, unknown mail type, rejected service", async () => {
    sim.setStock(0);
    expect((await failure(supplier().acquire({ service: "facebook" }))).reason).toBe("no_stock");
    sim.setStock(5);
    expect((await failure(supplier({ token: "stolen-or-typo" }).acquire({ service: "facebook" }))).reason).toBe("bad_token");
    expect((await failure(supplier({ token: "" }).messages({ address: "a@gmail.com", ref: "1", since: new Date(), service: "facebook" }))).reason).toBe("bad_token");
    expect((await failure(supplier({ mailType: "unknown.example" }).acquire({ service: "facebook" }))).reason).toBe("rejected");
    expect((await failure(supplier().acquire({ service: "myspace" }))).reason).toBe("rejected");
    expect((await failure(supplier().messages({ address: "a@gmail.com", ref: "999", since: new Date(), service: "facebook" }))).reason).toBe("rejected"); // NO_ACTIVATION
    sim.failNext({ kind: "error", value: "BAD_BALANCE" });
    expect((await failure(supplier().acquire({ service: "facebook" }))).reason).toBe("rejected");
    sim.failNext({ kind: "error", value: "SYSTEM_ERROR" });
    expect((await failure(supplier().acquire({ service: "facebook" }))).reason).toBe("unavailable");
  });

  it("an upstream 500, garbage, an unexpected JSON shape, a timeout or no server at all → unavailable", async () => {
    sim.failNext({ kind: "http", status: 500 });
    expect((await failure(supplier().acquire({ service: "facebook" }))).reason).toBe("unavailable");
    sim.failNext({ kind: "garbage" });
    expect((await failure(supplier().acquire({ service: "facebook" }))).reason).toBe("unavailable");
    sim.failNext({ kind: "json", body: { status: "OK", id: 5, mail: "not an address" } });
    expect((await failure(supplier().acquire({ service: "facebook" }))).reason).toBe("unavailable");
    sim.failNext({ kind: "json", body: [1, 2, 3] });
    expect((await failure(supplier().messages({ address: "a@gmail.com", ref: "1", since: new Date(), service: "facebook" }))).reason).toBe("unavailable");
    sim.failNext({ kind: "error", value: "SOMETHING_NEW" });
    expect((await failure(supplier().release({ ref: "1" }))).reason).toBe("unavailable");

    sim.failNext({ kind: "delay", ms: 5_000 });
    const started = Date.now();
    const slow = await failure(supplier({ timeoutMs: 200 }).acquire({ service: "facebook" }));
    expect([slow.reason, slow.message]).toEqual(["unavailable", "mailbox-get-email: no answer within 200 ms"]);
    expect(Date.now() - started).toBeLessThan(2_000);

    expect((await failure(supplier({ baseUrl: "http://127.0.0.1:1" }).acquire({ service: "facebook" }))).reason).toBe("unavailable");
  });

  it("release cancels the activation upstream (once; again is fine) and its mailbox goes back to stock", async () => {
    const s = supplier();
    const { address, ref } = await s.acquire({ service: "facebook" });
    expect(sim.state().stock).toBe(9);
    await s.release({ ref });
    expect(sim.state().activations.find((a) => a.id === Number(ref))).toMatchObject({ address, status: "CANCELED" });
    expect(sim.state().stock).toBe(10);
    await s.release({ ref }); // ACTIVATION_CANCELED: already what we want
    expect(await s.messages({ address, ref, since: new Date(), service: "facebook" })).toEqual([]);
    expect(sim.deliver({ to: address, ...FACEBOOK_MAIL })).toBe(0);
  });
});
