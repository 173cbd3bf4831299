// The authorization matrix's rows for every operation of the OpenAPI document: the status each
// caller gets, and what the answer must (or must not) show.
import { expect } from "vitest";
import { ADMIN_ENDPOINTS, adminExpected } from "../../features/admin/authz-rows";
import { alice, bob, bobAdminTarget, dave, hooks, tool } from "./world";
import { bearer, everyone, ownRow, resellerOnly, type Row, signedIn, superAdminOnly } from "./expectations";

const TOOL_NONCE = "matrix-nonce-0123456789";
const RESELLER_REFUSAL = { code: "NOT_A_RESELLER", codes: { adminPending: "SECOND_FACTOR_REQUIRED", anonymous: "UNAUTHENTICATED", apiKey: "UNAUTHENTICATED", apiKeyOther: "UNAUTHENTICATED" } } as const;

/** Every operation of the OpenAPI document. */
export const DOCUMENTED: Record<string, Row> = {
  // The desktop tool: the buy key is the credential; sessions and API keys change nothing. Protocol
  // 2: every answer names its request (features/licenses/protocol.test.ts checks the signatures).
  "POST /api/v1/licenses/activate": {
    url: () => "/api/v1/licenses/activate",
    json: () => ({ protocol: 2, ...tool.activate, nonce: TOOL_NONCE }),
    expect: everyone(200),
    check: (_, text) => expect(JSON.parse(text)).toMatchObject({ valid: true, action: "activate", buyKey: tool.activate.buyKey, nonce: TOOL_NONCE }),
  },
  "POST /api/v1/licenses/validate": {
    url: () => "/api/v1/licenses/validate",
    json: () => ({ protocol: 2, ...tool.validate, nonce: TOOL_NONCE }),
    expect: everyone(200),
    check: (_, text) => expect(JSON.parse(text)).toMatchObject({ valid: true, action: "validate", buyKey: tool.validate.buyKey, deviceKey: tool.validate.deviceKey }),
  },
  "POST /api/v1/licenses/change-key": {
    url: () => "/api/v1/licenses/change-key",
    json: () => ({ protocol: 2, buyKey: tool.change.buyKey, oldDeviceKey: tool.change.deviceKey, newDeviceKey: tool.change.deviceKey, nonce: TOOL_NONCE }),
    expect: everyone(200),
    check: (_, text) => expect(JSON.parse(text)).toMatchObject({ valid: true, code: "KEY_CHANGED", changesLeft: 2 }),
  },
  "GET /api/v1/licenses/public-key": { url: () => "/api/v1/licenses/public-key", expect: everyone(200), check: (_, text) => expect(JSON.parse(text).keys.length).toBeGreaterThan(0) },
  // The public API (Bearer API key).
  "GET /api/v1/balance": { url: () => "/api/v1/balance", expect: bearer(200) },
  "GET /api/v1/otp/orders": { url: () => "/api/v1/otp/orders", expect: bearer(200), shows: (r) => r.otpAddress },
  "POST /api/v1/otp/orders": { url: () => "/api/v1/otp/orders", method: "POST", expect: bearer(201) },
  "POST /api/v1/otp/orders/{id}/check": { url: (r) => `/api/v1/otp/orders/${r.otpCheckId}/check`, method: "POST", expect: bearer(200, 404), shows: (r) => r.otpAddress },
  "POST /api/v1/otp/orders/{id}/cancel": { url: (r) => `/api/v1/otp/orders/${r.otpCancelId}/cancel`, method: "POST", expect: bearer(200, 404) },
  "GET /api/v1/otp/services": { url: () => "/api/v1/otp/services", expect: bearer(200) },
  "GET /api/v1/otp/orders/{id}": { url: (r) => `/api/v1/otp/orders/${r.otpCheckId}`, expect: bearer(200, 404), shows: (r) => r.otpAddress },
  "GET /api/v1/otp/orders/{id}/messages": { url: (r) => `/api/v1/otp/orders/${r.otpCheckId}/messages`, expect: bearer(200, 404) },
  "POST /api/v1/otp/orders/{id}/reorder": { url: (r) => `/api/v1/otp/orders/${r.otpCheckId}/reorder`, method: "POST", expect: bearer(201, 404), shows: (r) => r.otpAddress },
  // Account.
  "GET /api/me": { url: () => "/api/me", expect: signedIn(200, { adminPending: 200 }) },
  "GET /api/config": { url: () => "/api/config", expect: everyone(200) },
  "GET /api/events": { url: () => "/api/events", expect: signedIn(200), sse: true },
  "GET /api/plans": { url: () => "/api/plans", expect: everyone(200) },
  "GET /api/profile": { url: () => "/api/profile", expect: signedIn(200), shows: () => alice.email },
  "PATCH /api/profile": { url: () => "/api/profile", method: "PATCH", json: () => ({ name: "Matrix" }), expect: signedIn(200) },
  "GET /api/api-key": { url: () => "/api/api-key", expect: signedIn(200) },
  "POST /api/api-key/regenerate": { url: () => "/api/api-key/regenerate", method: "POST", expect: signedIn(200) },
  "GET /api/balance": { url: () => "/api/balance", expect: signedIn(200) },
  // Licences: owner only, admins included (they use the admin console).
  "GET /api/licenses": { url: () => "/api/licenses", expect: signedIn(200), shows: () => alice.buyKey },
  "PATCH /api/licenses/{id}": { url: (r) => `/api/licenses/${r.licenceId}`, method: "PATCH", json: () => ({ name: "Matrix" }), expect: ownRow(200, false), shows: (r) => r.buyKey },
  "POST /api/licenses/{id}/change-key": { url: (r) => `/api/licenses/${r.licenceId}/change-key`, json: (r) => ({ deviceKey: r.deviceKey }), expect: ownRow(200, false), shows: (r) => r.buyKey },
  "GET /api/license-history": { url: () => "/api/license-history", expect: signedIn(200) },
  // Renewals (decision 026): the owner's licence only (its name and plans, never its buy key).
  "GET /api/licenses/{id}/renewal": {
    url: (r) => `/api/licenses/${r.licenceId}/renewal`,
    expect: ownRow(200, false),
    shows: (r) => r.licenceId,
    check: (_, text) => expect(text).not.toContain(alice.buyKey),
  },
  "POST /api/licenses/{id}/renew": { url: (r) => `/api/licenses/${r.licenceId}/renew`, json: () => ({ planId: "local-1m" }), expect: ownRow(201, false) },
  // A reminder's signed links (no session): the token is the proof; a made-up one is not found for anyone.
  "GET /api/renewals/{token}": { url: () => "/api/renewals/00000000-0000-0000-0000-000000000000.zzzzzz.AAAAAAAAAAAAAAAAAAAAAA", expect: everyone(404) },
  "POST /api/renewals/{token}/checkout": {
    url: () => "/api/renewals/00000000-0000-0000-0000-000000000000.zzzzzz.AAAAAAAAAAAAAAAAAAAAAA/checkout",
    json: () => ({ planId: "local-1m" }),
    expect: everyone(404),
  },
  "POST /api/reminders/unsubscribe/{token}": { url: () => "/api/reminders/unsubscribe/matrix.AAAAAAAAAAAAAAAAAAAAAA", method: "POST", expect: everyone(404) },
  // OTP mail orders (dashboard): owner only.
  "GET /api/otp-mail/orders": { url: () => "/api/otp-mail/orders", expect: signedIn(200), shows: () => alice.otpAddress },
  "POST /api/otp-mail/orders": { url: () => "/api/otp-mail/orders", method: "POST", expect: signedIn(201) },
  "POST /api/otp-mail/orders/{id}/check": { url: (r) => `/api/otp-mail/orders/${r.otpCheckId}/check`, method: "POST", expect: ownRow(200, false), shows: (r) => r.otpAddress },
  "POST /api/otp-mail/orders/{id}/cancel": { url: (r) => `/api/otp-mail/orders/${r.otpCancelId}/cancel`, method: "POST", expect: ownRow(200, false) },
  "GET /api/otp-mail/services": { url: () => "/api/otp-mail/services", expect: signedIn(200) },
  "GET /api/otp-mail/orders/{id}": { url: (r) => `/api/otp-mail/orders/${r.otpCheckId}`, expect: ownRow(200, false), shows: (r) => r.otpAddress },
  "GET /api/otp-mail/orders/{id}/messages": { url: (r) => `/api/otp-mail/orders/${r.otpCheckId}/messages`, expect: ownRow(200, false) },
  "POST /api/otp-mail/orders/{id}/reorder": { url: (r) => `/api/otp-mail/orders/${r.otpCheckId}/reorder`, method: "POST", expect: ownRow(201, false), shows: (r) => r.otpAddress },
  // Orders: owner, and admins see every order.
  "POST /api/orders/checkout": { url: () => "/api/orders/checkout", json: () => ({ kind: "plan", planId: "local-1m" }), expect: signedIn(201) },
  // A discount code's quote (decision 077): public; an unknown code is refused the same to everyone.
  "POST /api/discounts/quote": { url: () => "/api/discounts/quote", method: "POST", json: () => ({ code: "MATRIX-NONE", planId: "local-1m" }), expect: everyone(422) },
  "POST /api/orders/subscription-tool": { url: () => "/api/orders/subscription-tool", json: () => ({ planId: "local-1m", email: "matrix-tool-buyer@example.com" }), expect: everyone(201) },
  "GET /api/orders": { url: () => "/api/orders", expect: signedIn(200), shows: () => alice.tranId },
  // A return page's receipt (no session): the token is the proof; a made-up one is not found for anyone.
  "GET /api/payments/receipts/{token}": { url: () => "/api/payments/receipts/TMATRIX0000000000.AAAAAAAAAAAAAAAAAAAAAA", expect: everyone(404) },
  "POST /api/payments/receipts/{token}/close": { url: () => "/api/payments/receipts/TMATRIX0000000000.AAAAAAAAAAAAAAAAAAAAAA/close", method: "POST", expect: everyone(404) },
  "GET /api/orders/{id}": { url: (r) => `/api/orders/${r.orderId}`, expect: ownRow(200, true), shows: (r) => r.tranId, showsAdmins: () => bob.tranId },
  // A paid order's receipt (PDF): like the order itself, the owner and admins. The 200 is a PDF whose
  // title names the tran_id (its text streams are compressed); refusals are JSON like any other.
  "GET /api/orders/{id}/receipt.pdf": {
    url: (r) => `/api/orders/${r.orderId}/receipt.pdf`,
    expect: ownRow(200, true),
    shows: (r) => r.tranId,
    showsAdmins: () => bob.tranId,
    check: (caller, text) => {
      if (caller === "user" || caller === "admin" || caller === "superAdmin") expect(text.startsWith("%PDF-")).toBe(true);
    },
  },
  // The receipt e-mail's signed link (no session): a made-up one is not found for anyone.
  "GET /api/payment-receipts/{token}/receipt.pdf": { url: () => "/api/payment-receipts/TMATRIX0000000000.zzzzzz.AAAAAAAAAAAAAAAAAAAAAA/receipt.pdf", expect: everyone(404) },
  // Closing a checkout the customer left (decision 060): only the order's owner (admins too: only their own).
  // The seeded order is paid: it stays paid and is answered as it stands.
  "POST /api/orders/{id}/close": {
    url: (r) => `/api/orders/${r.orderId}/close`,
    method: "POST",
    expect: ownRow(200, false),
    shows: (r) => r.tranId,
    check: (caller, text) => {
      if (caller === "user") expect(JSON.parse(text)).toMatchObject({ order: { status: "paid" } });
    },
  },
  // The money-back guarantee: only the order's owner asks (admins use the admin console's refund).
  "POST /api/orders/{id}/refund-requests": { url: (r) => `/api/orders/${r.orderId}/refund-requests`, json: () => ({ reason: "The access matrix asks for its money back." }), expect: ownRow(201, false) },
  // A reseller's bulk orders (decision 080): resellers only, each on their own orders; everyone else
  // NOT_A_RESELLER (a super-admin too: the page is a customer's), a session short of its second factor told so.
  "GET /api/reseller/overview": { url: () => "/api/reseller/overview", expect: resellerOnly(200), ...RESELLER_REFUSAL, check: (caller, text) => caller === "reseller" && expect(text).toContain(dave.bulkOrderId!) },
  "POST /api/reseller/checkout": { url: () => "/api/reseller/checkout", json: () => ({ planId: "local-1m", quantity: 2 }), expect: resellerOnly(201), ...RESELLER_REFUSAL },
  "GET /api/reseller/licenses": { url: () => "/api/reseller/licenses", expect: resellerOnly(200), ...RESELLER_REFUSAL, check: (caller, text) => caller === "reseller" && expect(JSON.parse(text).total).toBe(2) },
  "GET /api/reseller/orders/{id}/licenses.csv": { url: () => `/api/reseller/orders/${dave.bulkOrderId}/licenses.csv`, expect: resellerOnly(200), ...RESELLER_REFUSAL },
  "POST /api/reseller/licenses/{id}/assign": {
    url: () => `/api/reseller/licenses/${dave.bulkLicenseIds![0]}/assign`,
    json: () => ({ email: `matrix-end-customer-${dave.id.slice(0, 6).toLowerCase()}@example.com` }),
    expect: resellerOnly(200),
    ...RESELLER_REFUSAL,
  },
  // Webhooks and the delivery log (super-admin; the secret is in the answers to creation and rotation only).
  "GET /api/admin/webhooks": {
    url: () => "/api/admin/webhooks",
    expect: superAdminOnly(200),
    adminConsole: true,
    check: (caller, text) => {
      if (caller === "superAdmin") expect(text).not.toContain("whsec_");
    },
  },
  "POST /api/admin/webhooks": {
    url: () => "/api/admin/webhooks",
    json: () => ({ url: "http://127.0.0.1:9/matrix-created", events: ["order.paid", "balance.low"] }),
    expect: superAdminOnly(201),
    adminConsole: true,
    check: (caller, text) => {
      if (caller === "superAdmin") expect(JSON.parse(text).secret).toMatch(/^whsec_/);
    },
  },
  "PATCH /api/admin/webhooks/{id}": { url: () => `/api/admin/webhooks/${hooks.endpointId}`, method: "PATCH", json: () => ({ description: "Matrix" }), expect: superAdminOnly(200), adminConsole: true },
  "DELETE /api/admin/webhooks/{id}": { url: () => `/api/admin/webhooks/${hooks.deleteId}`, method: "DELETE", expect: superAdminOnly(204), adminConsole: true },
  "POST /api/admin/webhooks/{id}/rotate-secret": { url: () => `/api/admin/webhooks/${hooks.endpointId}/rotate-secret`, method: "POST", expect: superAdminOnly(200), adminConsole: true },
  "GET /api/admin/webhook-deliveries": { url: () => "/api/admin/webhook-deliveries", expect: superAdminOnly(200), adminConsole: true },
  "GET /api/admin/webhook-deliveries/{id}": { url: () => `/api/admin/webhook-deliveries/${hooks.deliveryId}`, expect: superAdminOnly(200), adminConsole: true },
  "POST /api/admin/webhook-deliveries/{id}/replay": { url: () => `/api/admin/webhook-deliveries/${hooks.deliveryId}/replay`, method: "POST", expect: superAdminOnly(200), adminConsole: true },
  // The admin console: its own rows (features/admin/authz-rows.ts), for every caller here.
  ...Object.fromEntries(
    ADMIN_ENDPOINTS.map((e): [string, Row] => [
      `${e.method} ${e.doc}`,
      {
        url: () => e.url(bobAdminTarget),
        method: e.method,
        json: e.json && (() => e.json!(bobAdminTarget)),
        expect: { anonymous: 401, user: 403, otherUser: 403, admin: adminExpected(e, "admin"), superAdmin: adminExpected(e, "superAdmin"), adminNo2fa: 403, adminPending: 403, apiKey: 401, apiKeyOther: 401, reseller: 403 },
        showsAdmins: e.showsTarget ? () => bob.email : undefined,
        adminConsole: true,
      },
    ]),
  ),
};
