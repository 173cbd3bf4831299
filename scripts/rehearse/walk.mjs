// The rehearsal's walk (npm run rehearse): what a customer and an admin do, through the proxy's
// public https address only. Each step returns a line for the report; any surprise throws.
// `ctx`: { client, mailbox, stack, runCli(args), kill(name) } and `state`, shared between steps.
import { createPublicKey, randomBytes, verify } from "node:crypto";
import nodemailer from "nodemailer";
import { CookieJar } from "./client.mjs";
import { firstLink } from "./mailbox.mjs";
import { waitUntil } from "./stack.mjs";
import { totpCode } from "../../bench/lib.mjs";

const PASSWORD = "rehearsal horse battery 9";
export const CUSTOMER = "customer@rehearsal.keyshop.test";
export const ADMIN = "owner@rehearsal.keyshop.test";
const DEVICE_KEY = "PC-LDREEL-REHEARSAL-0001";
const nonce = () => randomBytes(12).toString("base64url");

/** Signs up through the proxy and confirms the address with the link the mail sink received. */
async function signUpAndConfirm({ client, mailbox }, email, name) {
  await client.expect(200, "POST", "/api/auth/sign-up/email", { json: { email, password: PASSWORD, name } });
  const mail = await mailbox.waitFor(email, /Confirm your Keyshop e-mail/);
  const link = firstLink(mail);
  if (link.origin !== client.origin) throw new Error(`the confirmation link points at ${link.origin}, not the public address`);
  await client.expect(302, "GET", `${link.pathname}${link.search}`);
}

/** Checkout, opened at PayWay as the browser's form post would be, paid there; PayWay calls the shop back through the proxy. */
async function buyAndPay({ client, stack }, jar, body) {
  const made = (await client.expect(201, "POST", "/api/orders/checkout", { json: body, jar })).json();
  const { order, checkout } = made;
  if (!checkout.action.startsWith(stack.paywayUrl)) throw new Error(`the checkout goes to ${checkout.action}, not the PayWay address`);
  await client.expect(200, "POST", checkout.action, { form: { ...checkout.fields, is_plugin_js: "true" } });
  const approved = (await client.expect(200, "POST", `${stack.paywayUrl}/__sim/transactions/${order.tranId}/approve`, { json: {} })).json();
  const callback = approved.callbacks[0];
  if (callback?.status !== 200) throw new Error(`PayWay's callback to the shop was answered ${callback?.status ?? "not at all"} (${callback?.error ?? ""})`);
  const paid = (await client.expect(200, "GET", `/api/orders/${order.id}`, { jar })).json().order;
  if (paid.status !== "paid") throw new Error(`order ${order.id} is ${paid.status} after PayWay's callback`);
  return paid;
}

/** A licence API call, its ed25519 signature checked against the published keys. */
async function licenseCall({ client, state }, action, body) {
  const res = await client.expect(200, "POST", `/api/v1/licenses/${action}`, { json: { protocol: 2, nonce: nonce(), ...body } });
  state.licenseKeys ??= new Map((await client.expect(200, "GET", "/api/v1/licenses/public-key")).json().keys.map((k) => [k.keyId, createPublicKey(k.publicKeyPem)]));
  const m = /keyid="([^"]+)",\s*ed25519=([A-Za-z0-9+/=]+)/.exec(res.headers["x-keyshop-signature"] ?? "");
  if (!m || !state.licenseKeys.has(m[1]) || !verify(null, res.raw, state.licenseKeys.get(m[1]), Buffer.from(m[2], "base64"))) {
    throw new Error(`the ${action} answer's signature does not verify with a published key`);
  }
  return res.json();
}

/**
 * The authenticator's code now; when that one was used already (the shop accepts each code once),
 * the next one, which it accepts too (one 30-second step either way, for clocks a little apart):
 * what the app shows a few seconds later, without the walk waiting for it.
 */
function freshTotp(state) {
  state.usedTotp ??= new Set();
  const now = totpCode(state.totpSecret);
  const code = state.usedTotp.has(now) ? totpCode(state.totpSecret, Date.now() + 30_000) : now;
  state.usedTotp.add(code);
  return code;
}

async function signInAdminWithTotp({ client, state }) {
  const jar = new CookieJar();
  const first = (await client.expect(200, "POST", "/api/auth/sign-in/email", { json: { email: ADMIN, password: PASSWORD }, jar })).json();
  if (!first.twoFactorRedirect) throw new Error("the admin's password alone opened a session (no second factor asked)");
  await client.expect(200, "POST", "/api/auth/two-factor/verify-totp", { json: { code: freshTotp(state) }, jar });
  return jar;
}

export const WALK = [
  {
    name: "admin: sign up, confirm e-mail, `user-role --super`, enrol an authenticator (TOTP)",
    async run(ctx) {
      await signUpAndConfirm(ctx, ADMIN, "Owner");
      const role = await ctx.runCli(["dist/user-role.js", ADMIN, "admin", "--super"]);
      if (!role.includes("is now admin (super-admin)")) throw new Error(`user-role said: ${role}`);
      const jar = new CookieJar();
      await ctx.client.expect(200, "POST", "/api/auth/sign-in/email", { json: { email: ADMIN, password: PASSWORD }, jar });
      const enrolment = (await ctx.client.expect(200, "POST", "/api/auth/two-factor/enable", { json: { password: PASSWORD }, jar })).json();
      ctx.state.totpSecret = new URL(enrolment.totpURI).searchParams.get("secret");
      await ctx.client.expect(200, "POST", "/api/auth/two-factor/verify-totp", { json: { code: freshTotp(ctx.state) }, jar });
      await ctx.client.expect(200, "POST", "/api/auth/sign-out", { json: {}, jar });
      return "super-admin with an authenticator";
    },
  },
  {
    name: "customer: sign up, confirm e-mail by the mailed link, sign in",
    async run(ctx) {
      await signUpAndConfirm(ctx, CUSTOMER, "Rehearsal Customer");
      ctx.state.customer = new CookieJar();
      await ctx.client.expect(200, "POST", "/api/auth/sign-in/email", { json: { email: CUSTOMER, password: PASSWORD }, jar: ctx.state.customer });
      const me = (await ctx.client.expect(200, "GET", "/api/me", { jar: ctx.state.customer })).json();
      return `signed in as ${me.user?.email ?? me.email ?? CUSTOMER}`;
    },
  },
  {
    name: "customer: buy a plan (checkout → PayWay pays → callback through the proxy)",
    async run(ctx) {
      const order = await buyAndPay(ctx, ctx.state.customer, { kind: "plan", planId: "local-1m" });
      ctx.state.planOrder = order;
      return `order ${order.tranId} ${order.amount} ${order.currency} paid`;
    },
  },
  {
    name: "customer: receipt and licence key arrive by e-mail",
    async run(ctx) {
      const order = ctx.state.planOrder;
      await ctx.mailbox.waitFor(CUSTOMER, new RegExp(`receipt ${order.tranId}`));
      const keyMail = await ctx.mailbox.waitFor(CUSTOMER, /licence: KS-/);
      ctx.state.buyKey = /(KS-[A-Z0-9]{5}(?:-[A-Z0-9]{5}){3})/.exec(keyMail.subject)[1];
      if (order.buyKey && order.buyKey !== ctx.state.buyKey) throw new Error(`the e-mailed key ${ctx.state.buyKey} is not the order's ${order.buyKey}`);
      return `buy key ${ctx.state.buyKey}`;
    },
  },
  {
    name: "SIGKILL one instance",
    kill: true,
    async run(ctx) {
      return ctx.kill("A");
    },
  },
  {
    name: "customer's tool: activate and validate the licence (licence API, signed answers)",
    async run(ctx) {
      const activated = await licenseCall(ctx, "activate", { buyKey: ctx.state.buyKey, deviceKey: DEVICE_KEY });
      if (activated.code !== "ACTIVATED") throw new Error(`activate answered ${activated.code}`);
      const valid = await licenseCall(ctx, "validate", { buyKey: ctx.state.buyKey, deviceKey: DEVICE_KEY });
      if (!valid.valid || valid.code !== "VALID") throw new Error(`validate answered ${valid.code}`);
      return `ACTIVATED, then VALID until ${valid.expiresAt}`;
    },
  },
  {
    name: "customer: top up the balance $1.00 (checkout → PayWay → callback)",
    async run(ctx) {
      const order = await buyAndPay(ctx, ctx.state.customer, { kind: "topup", amountMills: 1000 });
      ctx.state.topupOrder = order;
      const key = (await ctx.client.expect(200, "GET", "/api/api-key", { jar: ctx.state.customer })).json();
      ctx.state.apiKey = key.apiKey ?? key.key;
      if (key.balanceMills !== 1000) throw new Error(`balance ${key.balanceMills} mills after a $1.00 top-up`);
      return `order ${order.tranId} paid, balance 1000 mills`;
    },
  },
  {
    name: "customer's API client: buy an OTP address (public API), a code letter arrives by SMTP, read the code",
    async run(ctx) {
      const auth = { authorization: `Bearer ${ctx.state.apiKey}` };
      const bought = (await ctx.client.expect(201, "POST", "/api/v1/otp/orders", { headers: auth })).json();
      const order = bought.order ?? bought;
      // The letter goes to the inbound SMTP of the instance still running (the domain's MX).
      const inbound = ctx.stack.instances.find((i) => i.alive);
      const transport = nodemailer.createTransport({ host: "127.0.0.1", port: inbound.inboundPort, secure: false, ignoreTLS: true });
      await transport.sendMail({ from: "Facebook <security@facebookmail.com>", to: order.address, subject: "FB-48213 is your Facebook confirmation code", text: "Your Facebook confirmation code is in the subject." });
      transport.close();
      const found = await waitUntil("the code", 15_000, async () => {
        const res = (await ctx.client.expect(200, "GET", `/api/v1/otp/orders/${order.id}?wait=5`, { headers: auth })).json();
        const now = res.order ?? res;
        return now.latestCode ? now : undefined;
      });
      if (found.latestCode !== "48213") throw new Error(`the code read is ${found.latestCode}, not 48213`);
      ctx.state.otpOrder = found;
      return `${order.address}: code ${found.latestCode}, ${found.priceMills} mills charged`;
    },
  },
  {
    name: "admin: sign in with password and TOTP",
    async run(ctx) {
      ctx.state.admin = await signInAdminWithTotp(ctx);
      await ctx.client.expect(200, "GET", "/api/admin/overview", { jar: ctx.state.admin });
      return "console open";
    },
  },
  {
    name: "admin: refund the plan order through PayWay; the licence stops validating",
    async run(ctx) {
      const order = ctx.state.planOrder;
      const refunded = (await ctx.client.expect(201, "POST", `/api/admin/orders/${order.id}/refunds`, { json: { reason: "Production rehearsal" }, jar: ctx.state.admin })).json();
      if (refunded.order?.status !== "refunded") throw new Error(`the order is ${refunded.order?.status} after a full refund`);
      await ctx.mailbox.waitFor(CUSTOMER, /of your Keyshop payment was refunded/);
      const after = await licenseCall(ctx, "validate", { buyKey: ctx.state.buyKey, deviceKey: DEVICE_KEY });
      if (after.valid || after.code !== "REVOKED") throw new Error(`after the refund the licence validates as ${after.code}`);
      return `${order.tranId} refunded (${refunded.order.refundedMills} mills); licence now ${after.code}`;
    },
  },
  {
    name: "restart the killed instance; Caddy's health check lets it back in",
    async run(ctx) {
      return ctx.restart("A");
    },
  },
];
