// The Kopeechka client libraries bots really run, against the door over real HTTP (decision 056):
// npm's @sadzurami/kopeechka-store (a devDependency) and PyPI's `kopeechka` (its synchronous half,
// vendored unchanged in server/test/clients/kopeechka-py; needs python3 with requests, else its
// test is skipped and says so). Each goes through a whole flow: balance, domains, buy, the letter,
// cancel, the activation found again, a reorder with a regex, and a refusal.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { Kopeechka, KopeechkaError } from "@sadzurami/kopeechka-store";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findLedgerMismatches } from "../balance/service";
import { startKopeechkaWorld } from "./kopeechka-testing";

let world: Awaited<ReturnType<typeof startKopeechkaWorld>>;
let base: string;

beforeAll(async () => {
  world = await startKopeechkaWorld();
  base = `${await world.listen()}/compat/kopeechka`;
});
afterAll(() => world.close());

const LINK = "https://www.facebook.com/confirmemail.php?e=bot%40example.com&c=70315&z=0";
const linkLetter = (code: string) => [`<p>Confirm your account: <a href="${LINK.replace("70315", code).replace(/&/g, "&amp;")}">Confirm</a></p>`, `Confirm: ${LINK.replace("70315", code)}`] as const;

/** The reason a client call was refused: the KopeechkaError the library put in its error's cause. */
async function refusal(call: Promise<unknown>) {
  const err = (await call.then(() => null, (e: unknown) => e)) as Error | null;
  const cause = err?.cause;
  return cause instanceof KopeechkaError ? cause.code : `not a KopeechkaError: ${String(err)} ${String(cause)}`;
}

describe("npm @sadzurami/kopeechka-store against the door", () => {
  it("balance, getDomains, orderEmail, waitMessage then cancelEmail (its README's pattern), refreshEmailId, reorderEmail with a regex", { timeout: 60_000 }, async () => {
    const u = await world.customer(1_000);
    const kopeechka = new Kopeechka({ key: u.token, baseUrl: base });
    expect(await kopeechka.getBalance()).toBe(1);
    // With its defaults it asks mailbox-zones (public providers: none) and mailbox-get-domains.
    const domains = await kopeechka.getDomains("facebook.com");
    expect(domains).toEqual(["otp.keyshop.local"]);

    const email = await kopeechka.orderEmail("facebook.com", { domains });
    expect(email).toMatch(/@otp\.keyshop\.local$/);
    expect(await kopeechka.getMessage(email)).toBeNull(); // WAIT_LINK is "no message yet"
    await world.sendMail(email, "FB-58213 is your Facebook confirmation code", "<p>Your code is <b>58213</b></p>");
    let message: string | undefined;
    try {
      message = await kopeechka.waitMessage(email, { timeout: 20_000 });
    } finally {
      await kopeechka.cancelEmail(email); // after a letter: OK, and the code is kept
    }
    expect(message).toBe("58213");
    expect(await world.balanceOf(u.keyId)).toBe(955);

    // cancelEmail forgot the activation's id; refreshEmailId finds it again by address.
    await kopeechka.refreshEmailId("facebook.com", email);
    expect(await kopeechka.getMessage(email)).toBe("58213");
    expect(await kopeechka.getMessage(email, { full: true })).toContain("<b>58213</b>");

    await kopeechka.reorderEmail("facebook.com", email, { regexp: "c=(\\d+)&", subject: "Confirm" });
    const [html, text] = linkLetter("40962");
    await world.sendMail(email, "Confirm your Facebook account", html, text);
    expect(await kopeechka.waitMessage(email, { timeout: 20_000 })).toBe("40962");
    expect(await kopeechka.getBalance()).toBe(0.91);

    // A pending activation cancelled before any letter is refunded.
    const unused = await kopeechka.orderEmail("facebook.com");
    await kopeechka.cancelEmail(unused);
    expect(await kopeechka.getBalance()).toBe(0.91);

    expect(await refusal(kopeechka.orderEmail("myspace.com"))).toBe("BAD_SITE");
    expect(await refusal(new Kopeechka({ key: "wrong", baseUrl: base }).getBalance())).toBe("BAD_TOKEN");
    expect(await findLedgerMismatches({ db: world.t.database.db })).toEqual([]);
  });
});

const RUNNER = join(import.meta.dirname, "../../test/clients/kopeechka-py/run.py");
const python = spawnSync("python3", ["-c", "import requests"], { encoding: "utf8" });
const pythonReady = python.status === 0;

/** One call of the Python library through run.py: what it returned, or the KopeechkaApiError it raised. */
async function py(token: string, method: string, args: Record<string, unknown> = {}) {
  const { spawn } = await import("node:child_process");
  const child = spawn("python3", [RUNNER, base, token, method, JSON.stringify(args)], { env: { ...process.env, PYTHONDONTWRITEBYTECODE: "1" } });
  let out = "";
  let err = "";
  child.stdout.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr.on("data", (d: Buffer) => (err += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  if (code !== 0) throw new Error(`the Python library failed on ${method}:\n${err}`);
  return JSON.parse(out) as { result?: Record<string, unknown>; error?: { status: string; value: string } };
}

describe("PyPI kopeechka (MailActivations) against the door", () => {
  it.skipIf(!pythonReady)(
    `balance, domains, zones, mailbox_get_email, the letter, mailbox_get_message with and without full, cancel, fresh id, reorder${pythonReady ? "" : " (skipped: python3 with requests is not on this machine)"}`,
    { timeout: 60_000 },
    async () => {
      const u = await world.customer(1_000);
      expect(await py(u.token, "user_balance")).toEqual({ result: { status: "OK", balance: 1 } });
      expect(await py(u.token, "mailbox_get_domains", { site: "facebook.com" })).toEqual({ result: { status: "OK", count: 1, domains: ["otp.keyshop.local"] } });
      expect(await py(u.token, "mailbox_zones", { popular: 1, zones: 1 })).toEqual({ result: { status: "OK", zones: [{ name: "local", cost: 0.045 }], popular: null } });

      const bought = (await py(u.token, "mailbox_get_email", { site: "facebook.com" })).result!;
      const id = bought.id as string;
      expect(await py(u.token, "mailbox_get_message", { task_id: id })).toEqual({ error: { status: "ERROR", value: "WAIT_LINK" } });
      await world.sendMail(bought.mail as string, "FB-58213 is your Facebook confirmation code", "<p>Your code is <b>58213</b></p>");
      // Its most common call: the code, without full=1 (it raised TypeError here before).
      await expect.poll(() => py(u.token, "mailbox_get_message", { task_id: id }), { timeout: 10_000, interval: 500 }).toEqual({ result: { status: "OK", value: "58213", fullmessage: "" } });
      const full = (await py(u.token, "mailbox_get_message", { task_id: id, full: 1 })).result!;
      expect(full.fullmessage).toContain("<b>58213</b>");
      expect(await py(u.token, "mailbox_cancel", { task_id: id })).toEqual({ result: { status: "OK" } });
      expect(await py(u.token, "mailbox_get_fresh_id", { site: "facebook.com", email: bought.mail })).toEqual({ result: { status: "OK", id } });

      const again = (await py(u.token, "mailbox_reorder", { site: "facebook.com", email: bought.mail, regex: "c=(\\d+)&" })).result!;
      expect(again).toMatchObject({ status: "OK", mail: bought.mail });
      const [html, text] = linkLetter("40962");
      await world.sendMail(bought.mail as string, "Confirm your Facebook account", html, text);
      await expect.poll(() => py(u.token, "mailbox_get_message", { task_id: again.id }), { timeout: 10_000, interval: 500 }).toEqual({ result: { status: "OK", value: "40962", fullmessage: "" } });

      expect(await py(u.token, "mailbox_get_email", { site: "myspace.com" })).toEqual({ error: { status: "ERROR", value: "BAD_SITE" } });
      expect(await py("wrong", "user_balance")).toEqual({ error: { status: "ERROR", value: "BAD_TOKEN" } });
    },
  );
});
