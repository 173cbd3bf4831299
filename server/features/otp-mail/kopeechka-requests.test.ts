// What a Kopeechka bot asks beyond the plain flow (decision 056): a regex and a subject word per
// activation, answers as TEXT, POST instead of GET, an activation found again by its address
// (mailbox-get-fresh-id), the domains with their price (mailbox-zones), and Kopeechka's shape for
// every refusal, an unknown method included.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findLedgerMismatches } from "../balance/service";
import { matchKopeechkaRegex } from "./kopeechka-letter";
import { startKopeechkaWorld } from "./kopeechka-testing";

let world: Awaited<ReturnType<typeof startKopeechkaWorld>>;

beforeAll(async () => {
  world = await startKopeechkaWorld();
});
afterAll(() => world.close());

const LINK = "https://www.facebook.com/confirmemail.php?e=bot%40example.com&c=58213&z=0";
const LINK_LETTER = `<p>Confirm your account: <a href="${LINK.replace(/&/g, "&amp;")}">Confirm</a>. Your code is 58213.</p>`;

describe("regex and subject, as Kopeechka applies them", () => {
  it("a bot asking for the link gets the link, not the code; the full letter only on request", async () => {
    const u = await world.customer(1_000);
    const bought = await u.call("mailbox-get-email", { site: "facebook.com", regex: "(https://www\\.facebook\\.com/confirmemail\\.php\\?[^\"\\s<]+)" });
    expect(bought.status).toBe("OK");
    await world.sendMail(bought.mail as string, "Confirm your Facebook account", LINK_LETTER, `Confirm your account: ${LINK}`);
    await expect.poll(() => u.call("mailbox-get-message", { id: bought.id as string }), { timeout: 5000, interval: 300 }).toEqual({ status: "OK", value: LINK, fullmessage: "" });
    const full = await u.call("mailbox-get-message", { id: bought.id as string, full: "1" });
    expect(full).toMatchObject({ value: LINK, fullmessage: expect.stringContaining("Confirm your account") });
    // The letter was delivered: the activation is kept (not refunded at expiry), and cancel keeps it.
    expect(await u.call("mailbox-cancel", { id: bought.id as string })).toEqual({ status: "OK" });
    expect(await world.balanceOf(u.keyId)).toBe(955);
  });

  it("a regex written for Python (named group) works, one that does not match gives the full letter, one that backtracks for ever is stopped", async () => {
    const u = await world.customer(1_000);
    const named = await u.call("mailbox-get-email", { site: "facebook.com", regex: "c=(?P<code>\\d+)" });
    const missing = await u.call("mailbox-get-email", { site: "facebook.com", regex: "reset-password/(\\w+)" });
    for (const b of [named, missing]) await world.sendMail(b.mail as string, "Confirm your Facebook account", LINK_LETTER, `Confirm your account: ${LINK}`);
    await expect.poll(() => u.call("mailbox-get-message", { id: named.id as string }), { timeout: 5000, interval: 300 }).toMatchObject({ status: "OK", value: "58213" });
    // Kopeechka: "if the link could not be parsed, the full letter will also be returned".
    expect(await u.call("mailbox-get-message", { id: missing.id as string })).toEqual({ status: "OK", value: "", fullmessage: expect.stringContaining(LINK.replace(/&/g, "&amp;")) });
    const started = Date.now();
    expect(matchKopeechkaRegex("^(a+)+$", `${"a".repeat(40)}!`)).toBeNull();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(matchKopeechkaRegex("([", "anything")).toBeNull();
  });

  it("a letter whose subject lacks the bot's word is not given out; the one that has it is", async () => {
    const u = await world.customer(1_000);
    const bought = await u.call("mailbox-get-email", { site: "facebook.com", subject: "Password" });
    const id = bought.id as string;
    await world.sendMail(bought.mail as string, "FB-61842 is your confirmation code", "<p>Your code is 61842</p>");
    // The code arrived (the order has it), but not in a letter the bot asked for.
    await expect.poll(async () => (await world.t.client().json(`/api/v1/otp/orders/${id}`, { headers: { authorization: `Bearer ${u.token}` } })).body, { timeout: 5000, interval: 300 }).toMatchObject({
      order: { latestCode: "61842" },
    });
    expect(await u.call("mailbox-get-message", { id })).toEqual({ status: "ERROR", value: "WAIT_LINK" });
    await world.sendMail(bought.mail as string, "Facebook password reset", "<p>Your password reset code is 27491</p>");
    await expect.poll(() => u.call("mailbox-get-message", { id }), { timeout: 5000, interval: 300 }).toEqual({ status: "OK", value: "27491", fullmessage: "" });
  });

  it("a reorder takes its own regex and subject", async () => {
    const u = await world.customer(1_000);
    const first = await u.call("mailbox-get-email", { site: "facebook.com" });
    await world.sendMail(first.mail as string, "FB-83025 is your confirmation code", "<p>83025</p>");
    await expect.poll(() => u.call("mailbox-get-message", { id: first.id as string }), { timeout: 5000, interval: 300 }).toMatchObject({ value: "83025" });
    const again = await u.call("mailbox-reorder", { site: "facebook.com", email: first.mail as string, regex: "c=(\\d+)&" });
    await world.sendMail(first.mail as string, "Confirm your Facebook account", LINK_LETTER, `Confirm your account: ${LINK}`);
    await expect.poll(() => u.call("mailbox-get-message", { id: again.id as string }), { timeout: 5000, interval: 300 }).toMatchObject({ status: "OK", value: "58213" });
    expect(await findLedgerMismatches({ db: world.t.database.db })).toEqual([]);
  });
});

describe("TEXT answers, POST, and the methods the clients call", () => {
  const text = async (path: string, init: { method?: string; body?: string; contentType?: string } = {}) => {
    const res = await world.t.app.request(`http://localhost/compat/kopeechka/${path}`, {
      method: init.method ?? "GET",
      headers: init.contentType ? { "content-type": init.contentType } : {},
      body: init.body,
    });
    return { status: res.status, type: res.headers.get("content-type") ?? "", body: await res.text() };
  };

  it("type=TEXT answers Kopeechka's lines: OK|id|mail, the value, OK, ERROR|NAME", async () => {
    const u = await world.customer(1_000);
    const q = `token=${encodeURIComponent(u.token)}&type=TEXT&api=2.0`;
    expect((await text(`user-balance?${q}`)).body).toBe("OK|1");
    const bought = await text(`mailbox-get-email?${q}&site=facebook.com`);
    const [ok, id, mail] = bought.body.split("|");
    expect(ok).toBe("OK");
    expect(mail).toMatch(/@otp\.keyshop\.local$/);
    expect(await text(`mailbox-get-message?${q}&id=${id}`)).toMatchObject({ status: 200, body: "ERROR|WAIT_LINK" });
    await world.sendMail(mail!, "FB-40917 is your confirmation code", "<p>Your code is <b>40917</b></p>");
    await expect.poll(async () => (await text(`mailbox-get-message?${q}&id=${id}`)).body, { timeout: 5000, interval: 300 }).toBe("40917");
    expect((await text(`mailbox-get-message?${q}&id=${id}&full=1`)).body).toContain("<b>40917</b>");
    expect((await text(`mailbox-get-fresh-id?${q}&site=facebook.com&email=${encodeURIComponent(mail!)}`)).body).toBe(`OK|${id}`);
    expect((await text(`mailbox-cancel?${q}&id=${id}`)).body).toBe("OK");
    expect((await text(`user-balance?token=wrong&type=TEXT`)).body).toBe("ERROR|BAD_TOKEN");
  });

  it("POST is taken like GET, its parameters in the query, a form or JSON", async () => {
    const u = await world.customer(1_000);
    const form = await text(`mailbox-get-email`, { method: "POST", contentType: "application/x-www-form-urlencoded", body: new URLSearchParams({ token: u.token, site: "facebook.com", api: "2.0" }).toString() });
    expect(JSON.parse(form.body)).toMatchObject({ status: "OK", id: expect.any(String) });
    const json = await text(`user-balance`, { method: "POST", contentType: "application/json", body: JSON.stringify({ token: u.token, api: 2.0 }) });
    expect(JSON.parse(json.body)).toEqual({ status: "OK", balance: 0.955 });
    const query = await text(`mailbox-get-message?token=${encodeURIComponent(u.token)}&id=${JSON.parse(form.body).id}`, { method: "POST" });
    expect(JSON.parse(query.body)).toEqual({ status: "ERROR", value: "WAIT_LINK" });
    // A body no Kopeechka request has (too large, not JSON) is still answered in Kopeechka's shape.
    const huge = await text(`user-balance?token=${encodeURIComponent(u.token)}`, { method: "POST", contentType: "application/x-www-form-urlencoded", body: `x=${"a".repeat(70_000)}` });
    expect(huge.status).toBe(200);
    expect(JSON.parse(huge.body)).toMatchObject({ status: "ERROR" });
    const broken = await text(`user-balance?token=${encodeURIComponent(u.token)}`, { method: "POST", contentType: "application/json", body: "{" });
    expect(JSON.parse(broken.body)).toEqual({ status: "OK", balance: 0.955 });
  });

  it("mailbox-get-fresh-id finds the latest activation of an address; mailbox-zones prices our domain's zone (no public providers' addresses)", async () => {
    const u = await world.customer(1_000);
    const bought = await u.call("mailbox-get-email", { site: "facebook.com" });
    expect(await u.call("mailbox-get-fresh-id", { site: "facebook.com", email: bought.mail as string })).toEqual({ status: "OK", id: bought.id });
    expect(await u.call("mailbox-get-fresh-id", { site: "facebook.com", email: "nobody@otp.keyshop.local" })).toEqual({ status: "ERROR", value: "NO_ACTIVATION" });
    const stranger = await world.customer(0);
    expect(await stranger.call("mailbox-get-fresh-id", { site: "facebook.com", email: bought.mail as string })).toEqual({ status: "ERROR", value: "NO_ACTIVATION" });
    expect(await u.call("mailbox-zones", { popular: "1", zones: "1", site: "facebook.com" })).toEqual({
      status: "OK",
      popular: [],
      zones: [{ name: "local", cost: 0.045 }],
    });
    expect(await u.call("mailbox-zones", { zones: "1", site: "telegram.org" })).toEqual({ status: "OK", zones: [{ name: "local", cost: 0.035 }] });
    expect(await u.call("mailbox-zones", { popular: "1", site: "myspace.com" })).toEqual({ status: "ERROR", value: "BAD_SITE" });
  });

  it("an unknown method is a 404 in Kopeechka's shape, never ours", async () => {
    const res = await text(`mailbox-get-bulk?token=x&api=2.0`);
    expect(res.status).toBe(404);
    expect(JSON.parse(res.body)).toEqual({ status: "ERROR", value: "BAD_METHOD" });
    expect((await text(`mailbox-get-bulk?token=x&type=TEXT`)).body).toBe("ERROR|BAD_METHOD");
  });
});

/**
 * PyPI kopeechka's parsing, reproduced (the library cannot be installed or copied here, decision
 * 056): each answer becomes a dataclass built with `**answer`, so its keys must be
 * exactly the dataclass's fields, and an error exactly `{status, value}` (KopeechkaApiError(**answer)).
 */
const PYTHON_FIELDS: Record<string, string[]> = {
  "user-balance": ["balance", "status"],
  "mailbox-get-email": ["id", "mail", "status"],
  "mailbox-get-message": ["fullmessage", "status", "value"],
  "mailbox-cancel": ["status"],
  "mailbox-reorder": ["id", "mail", "status"],
  "mailbox-get-fresh-id": ["id", "status"],
  "mailbox-get-domains": ["count", "domains", "status"],
};

describe("the keys PyPI kopeechka's dataclasses take, exactly", () => {
  it("every method's OK answer and every refusal", async () => {
    const u = await world.customer(1_000);
    const keys = (answer: Record<string, unknown>) => Object.keys(answer).sort();
    const bought = await u.call("mailbox-get-email", { site: "facebook.com" });
    await world.sendMail(bought.mail as string, "FB-52719 is your confirmation code", "<p>Your code is 52719</p>");
    const message = await (async () => {
      for (let i = 0; i < 20; i++) {
        const m = await u.call("mailbox-get-message", { id: bought.id as string });
        if (m.status === "OK") return m;
        await new Promise((r) => setTimeout(r, 250));
      }
      throw new Error("no letter");
    })();
    const answers: Record<string, Record<string, unknown>> = {
      "user-balance": await u.call("user-balance"),
      "mailbox-get-email": bought,
      "mailbox-get-message": message,
      "mailbox-cancel": await u.call("mailbox-cancel", { id: bought.id as string }),
      "mailbox-reorder": await u.call("mailbox-reorder", { site: "facebook.com", email: bought.mail as string }),
      "mailbox-get-fresh-id": await u.call("mailbox-get-fresh-id", { site: "facebook.com", email: bought.mail as string }),
      "mailbox-get-domains": await u.call("mailbox-get-domains", { site: "facebook.com" }),
    };
    for (const [method, answer] of Object.entries(answers)) expect(keys(answer), method).toEqual(PYTHON_FIELDS[method]);
    // MailboxZones reads popular as Popular(name, cost, count) and zones as Zone(name, cost).
    const zones = await u.call("mailbox-zones", { zones: "1", popular: "1" });
    for (const zone of zones.zones as Record<string, unknown>[]) expect(keys(zone)).toEqual(["cost", "name"]);
    for (const method of Object.keys(PYTHON_FIELDS)) expect(keys(await u.call(method, { id: "x", site: "myspace.com", email: "x" }, "wrong")), method).toEqual(["status", "value"]);
  });
});

