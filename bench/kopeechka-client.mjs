// Drives /compat/kopeechka/ exactly as a Kopeechka client does (written from the protocol notes,
// /work/shared/providers/otp-mail-market.md): GET <method>?token=…&api=2.0&type=JSON, HTTP 200 with
// status OK|ERROR. Buy (mailbox-get-email), poll mailbox-get-message until it stops answering
// WAIT_LINK, a Facebook letter delivered over SMTP in between, the value and full=1's fullmessage,
// mailbox-reorder on the same address, cancel the reorder, user-balance and mailbox-get-domains.
// Exits non-zero on the first step that differs. `npm run bench -- kopeechka` (PostgreSQL), or
// `node bench/kopeechka-client.mjs` (same).
import nodemailer from "nodemailer";
import { testApi } from "./lib.mjs";
import { startOtpMarketServer } from "./otp-market-server.mjs";

function assert(cond, what, got) {
  if (!cond) throw new Error(`kopeechka client: ${what} (got ${JSON.stringify(got)})`);
  console.log(`  ok  ${what}`);
}

export async function run() {
  const server = await startOtpMarketServer("keyshop_bench_kopeechka");
  try {
    const { apiKeys } = await testApi(server.url, "/api-keys/bulk", { count: 1, balanceMills: 1_000 });
    const token = apiKeys[0];
    const call = async (method, params = {}) => {
      const res = await fetch(`${server.url}/compat/kopeechka/${method}?${new URLSearchParams({ token, api: "2.0", type: "JSON", ...params })}`);
      if (res.status !== 200) throw new Error(`${method}: HTTP ${res.status}`);
      return res.json();
    };
    const smtp = nodemailer.createTransport({ host: "127.0.0.1", port: server.smtpPort, secure: false, ignoreTLS: true });

    console.log("\nKopeechka door, as a Kopeechka client:");
    const balance = await call("user-balance");
    assert(balance.status === "OK" && balance.balance === 1, "user-balance: OK, 1", balance);
    const domains = await call("mailbox-get-domains", { site: "facebook.com" });
    assert(domains.status === "OK" && domains.domains.length === 1, "mailbox-get-domains: our domain", domains);
    const email = await call("mailbox-get-email", { site: "facebook.com", mail_type: domains.domains[0] });
    assert(email.status === "OK" && email.id && /@/.test(email.mail), "mailbox-get-email: OK, id, mail", email);
    const first = await call("mailbox-get-message", { id: email.id });
    assert(first.status === "ERROR" && first.value === "WAIT_LINK", "mailbox-get-message: WAIT_LINK before the letter", first);

    await smtp.sendMail({ from: "Facebook <security@facebookmail.com>", to: email.mail, subject: "FB-61384 is your Facebook confirmation code", html: "<p>Your confirmation code is <b>61384</b></p>" });
    let answer;
    for (let i = 0; i < 50; i++) {
      answer = await call("mailbox-get-message", { id: email.id, full: "1" });
      if (answer.value !== "WAIT_LINK") break;
      await new Promise((r) => setTimeout(r, 200)); // a Kopeechka client polls
    }
    assert(answer.status === "OK" && answer.value === "61384", "mailbox-get-message: the value after the letter", answer);
    assert(typeof answer.fullmessage === "string" && answer.fullmessage.includes("61384"), "full=1: fullmessage carries the letter", answer.fullmessage);

    const again = await call("mailbox-reorder", { site: "facebook.com", email: email.mail });
    assert(again.status === "OK" && again.mail === email.mail && again.id !== email.id, "mailbox-reorder: a new id on the same address", again);
    const waiting = await call("mailbox-get-message", { id: again.id });
    assert(waiting.value === "WAIT_LINK", "the reorder waits for its own letter", waiting);
    const cancelled = await call("mailbox-cancel", { id: again.id });
    assert(cancelled.status === "OK", "mailbox-cancel: OK", cancelled);
    const after = await call("user-balance");
    assert(after.balance === 0.955, "user-balance: one purchase paid, the cancelled reorder refunded", after);
    const bad = await fetch(`${server.url}/compat/kopeechka/user-balance?token=nope&api=2.0`).then((r) => r.json());
    assert(bad.status === "ERROR" && bad.value === "BAD_TOKEN", "a wrong token: BAD_TOKEN", bad);
    console.log("Kopeechka client: every step passed");
    return { passed: true };
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  run().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
