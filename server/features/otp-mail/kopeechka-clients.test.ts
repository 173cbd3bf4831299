// The Kopeechka client library bots really run, against the door over real HTTP (decision 056):
// npm's @sadzurami/kopeechka-store (a devDependency), through a whole flow: balance, domains, buy,
// the letter, cancel, the activation found again, a reorder with a regex, and a refusal. PyPI's
// `kopeechka` cannot be installed here (PyPI is unreachable) and its source carries no licence to
// copy it into this repository: kopeechka-requests.test.ts reproduces its strict parsing instead.
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
