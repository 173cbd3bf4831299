// The Kopeechka door (/compat/kopeechka/) as a Kopeechka client uses it: GET with token= in the
// query, HTTP 200 with status OK|ERROR, WAIT_LINK until the letter, value/fullmessage, reorder, cancel.
// The real client libraries run against it in kopeechka-clients.test.ts; regex, subject, TEXT and
// POST in kopeechka-requests.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findLedgerMismatches } from "../balance/service";
import { startKopeechkaWorld } from "./kopeechka-testing";

let world: Awaited<ReturnType<typeof startKopeechkaWorld>>;
let t: (typeof world)["t"];
const customer = (mills: number) => world.customer(mills);
const balanceOf = (keyId: string) => world.balanceOf(keyId);
const sendMail = (to: string, subject: string, html?: string) => world.sendMail(to, subject, html);

beforeAll(async () => {
  world = await startKopeechkaWorld({ PUBLIC_API_RATE_LIMIT: "30" });
  t = world.t;
});
afterAll(() => world.close());

describe("the Kopeechka door", () => {
  it("buy, WAIT_LINK, the letter, value and fullmessage, reorder, cancel: as a Kopeechka client does", async () => {
    const u = await customer(1_000);
    expect(await u.call("user-balance")).toEqual({ status: "OK", balance: 1 });
    const domains = await u.call("mailbox-get-domains", { site: "facebook.com" });
    expect(domains).toMatchObject({ status: "OK", count: 1, domains: ["otp.keyshop.local"] });

    const bought = await u.call("mailbox-get-email", { site: "facebook.com", mail_type: "otp.keyshop.local" });
    expect(bought).toMatchObject({ status: "OK", id: expect.any(String), mail: expect.stringMatching(/@otp\.keyshop\.local$/) });
    expect(await balanceOf(u.keyId)).toBe(955);
    const id = bought.id as string;
    const mail = bought.mail as string;

    expect(await u.call("mailbox-get-message", { id })).toEqual({ status: "ERROR", value: "WAIT_LINK" });
    await sendMail(mail, "FB-58213 is your Facebook confirmation code", "<p>Your code is <b>58213</b></p><script>x()</script>");
    // Kopeechka always sends fullmessage (the Python client's result requires it); the letter itself only with full=1.
    await expect.poll(() => u.call("mailbox-get-message", { id }), { timeout: 5000, interval: 500 }).toEqual({ status: "OK", value: "58213", fullmessage: "" });
    const full = await u.call("mailbox-get-message", { id, full: "1" });
    expect(full).toMatchObject({ status: "OK", value: "58213", fullmessage: expect.stringContaining("<b>58213</b>") });
    expect(full.fullmessage).not.toContain("script");
    // A letter came: Kopeechka's cancel answers OK and ends the activation; the code stays, nothing is refunded.
    expect(await u.call("mailbox-cancel", { id })).toEqual({ status: "OK" });
    expect(await balanceOf(u.keyId)).toBe(955);
    expect(await u.call("mailbox-get-message", { id })).toEqual({ status: "OK", value: "58213", fullmessage: "" });

    // Another code on the same address, for the same price.
    const again = await u.call("mailbox-reorder", { site: "facebook.com", email: mail });
    expect(again).toMatchObject({ status: "OK", mail });
    expect(again.id).not.toBe(id);
    expect(await balanceOf(u.keyId)).toBe(910);
    expect(await u.call("mailbox-get-message", { id: again.id as string })).toEqual({ status: "ERROR", value: "WAIT_LINK" });
    // Nothing came: cancel refunds, and a second cancel says it is cancelled.
    expect(await u.call("mailbox-cancel", { id: again.id as string })).toEqual({ status: "OK" });
    expect(await balanceOf(u.keyId)).toBe(955);
    expect(await u.call("mailbox-cancel", { id: again.id as string })).toEqual({ status: "ERROR", value: "ACTIVATION_CANCELED" });
    expect(await u.call("mailbox-get-message", { id: again.id as string })).toEqual({ status: "ERROR", value: "ACTIVATION_CANCELED" });
    expect(await findLedgerMismatches({ db: t.database.db })).toEqual([]);
  });

  it("answers Kopeechka's error names: BAD_TOKEN, BAD_SITE, BAD_BALANCE, NO_ACTIVATION, ACTIVATION_NOT_FOUND", async () => {
    const u = await customer(10);
    expect(await u.call("user-balance", {}, "wrongtoken")).toEqual({ status: "ERROR", value: "BAD_TOKEN" });
    expect(await u.call("mailbox-get-email", { site: "myspace.com" })).toEqual({ status: "ERROR", value: "BAD_SITE" });
    expect(await u.call("mailbox-get-email", { site: "facebook.com" })).toEqual({ status: "ERROR", value: "BAD_BALANCE" });
    expect(await u.call("mailbox-get-message", { id: "12345" })).toEqual({ status: "ERROR", value: "NO_ACTIVATION" });
    expect(await u.call("mailbox-reorder", { site: "facebook.com", email: "nobody@otp.keyshop.local" })).toEqual({ status: "ERROR", value: "ACTIVATION_NOT_FOUND" });
  });

  it("a query value that is not text (NUL, a control character, a broken %-escape) is Kopeechka's refusal, never a 500 (decision 034)", async () => {
    const u = await customer(1_000);
    const bought = await u.call("mailbox-get-email", { site: "facebook.com" });
    const mail = bought.mail as string;
    // URLSearchParams writes NUL as %00 and the bell as %07; %ED%A0%80 is a lone surrogate's UTF-8, not text.
    const raw = async (method: string, query: string) => {
      const res = await t.client().request(`/compat/kopeechka/${method}?token=${encodeURIComponent(u.token)}&api=2.0&${query}`);
      expect(res.status, `${method}?${query}`).toBe(200);
      return res.json();
    };
    for (const bad of ["\u0000", "\u0007", "\n"]) {
      expect(await u.call("mailbox-reorder", { site: "facebook.com", email: `${mail}${bad}` })).toEqual({ status: "ERROR", value: "BAD_EMAIL" });
      expect(await u.call("mailbox-get-email", { site: `facebook.com${bad}` })).toEqual({ status: "ERROR", value: "BAD_SITE" });
      expect(await u.call("mailbox-get-message", { id: `${bought.id as string}${bad}` })).toEqual({ status: "ERROR", value: "NO_ACTIVATION" });
      expect(await u.call("mailbox-cancel", { id: `${bought.id as string}${bad}` })).toEqual({ status: "ERROR", value: "NO_ACTIVATION" });
      expect(await u.call("user-balance", {}, `${u.token}${bad}`)).toEqual({ status: "ERROR", value: "BAD_TOKEN" });
    }
    expect(await raw("mailbox-reorder", `site=facebook.com&email=%ED%A0%80${encodeURIComponent(mail)}`)).toEqual({ status: "ERROR", value: "BAD_EMAIL" });
    expect(await raw("mailbox-get-message", "id=%ED%A0%80")).toEqual({ status: "ERROR", value: "NO_ACTIVATION" });
    expect(await raw("mailbox-get-email", "site=%ED%A0%80")).toEqual({ status: "ERROR", value: "BAD_SITE" });
    // The activation is untouched and still answers.
    expect(await u.call("mailbox-get-message", { id: bought.id as string })).toEqual({ status: "ERROR", value: "WAIT_LINK" });
  });

  it("another customer's token cannot read, cancel or reorder an activation", async () => {
    const owner = await customer(1_000);
    const bought = await owner.call("mailbox-get-email", { site: "facebook" });
    const stranger = await customer(1_000);
    expect(await stranger.call("mailbox-get-message", { id: bought.id as string, full: "1" })).toEqual({ status: "ERROR", value: "NO_ACTIVATION" });
    expect(await stranger.call("mailbox-cancel", { id: bought.id as string })).toEqual({ status: "ERROR", value: "NO_ACTIVATION" });
    expect(await stranger.call("mailbox-reorder", { site: "facebook.com", email: bought.mail as string })).toEqual({ status: "ERROR", value: "ACTIVATION_NOT_FOUND" });
    expect(await balanceOf(stranger.keyId)).toBe(1_000);
  });

  it("is rate-limited per account together with the API (TIME_LIMIT_EXCEED)", async () => {
    const u = await customer(0);
    const answers = [];
    for (let i = 0; i < 32; i++) answers.push(await u.call("user-balance"));
    expect(answers.slice(0, 30).every((a) => a.status === "OK")).toBe(true);
    expect(answers.at(-1)).toEqual({ status: "ERROR", value: "TIME_LIMIT_EXCEED" });
  });

  it("a request waiting for a code counts once against the limit, however long it waits", async () => {
    const u = await customer(1_000);
    const bought = await u.call("mailbox-get-email", { site: "facebook.com" }); // 1 of 30
    const auth = { authorization: `Bearer ${u.token}` };
    const first = await t.client().request(`/api/v1/otp/orders/${bought.id as string}?wait=2`, { headers: auth }); // waits 2 s, pending
    expect(first.headers.get("RateLimit-Remaining")).toBe("28");
    const second = await t.client().request(`/api/v1/otp/orders/${bought.id as string}?wait=1`, { headers: auth });
    expect(second.headers.get("RateLimit-Remaining")).toBe("27");
    expect((await second.json()).order.status).toBe("pending");
  });

  it("a token in the query is refused everywhere else: the public API wants the Bearer header", async () => {
    const u = await customer(0);
    expect((await t.client().request(`/api/v1/balance?token=${u.token}`)).status).toBe(401);
    expect((await t.client().request(`/api/v1/otp/orders?token=${u.token}`)).status).toBe(401);
  });
});
