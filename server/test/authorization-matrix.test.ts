// The whole app's authorization matrix: every route × every kind of caller, with the status each
// must get. The rows are checked against the OpenAPI document and against the routes registered
// in the app (Hono's route table), so a new route without a row here fails the first test.
//
// Callers: nobody; a signed-in user on their own rows; the same user on another user's rows;
// an admin and a super-admin (on another user's rows); an API key (Bearer) on its own rows and
// on another user's. Another user's ids answer 404, exactly as ids that do not exist, and no
// answer to a caller who may not see the target names anything of it. Every answer of a
// documented operation is also checked against the OpenAPI document (contract.ts): its status
// must be listed for the operation and its body valid against that status's schema.//
// The pieces: authz-matrix/world.ts (callers and accounts), expectations.ts (statuses by kind of
// route), documented-rows.ts and undocumented-rows.ts (the rows).
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apiKeys, licenses, otpMailOrders, user } from "../db/schema";
import { revealApiKey } from "../features/balance/service";
import { documentedOperations, expectNoSecrets, expectRefusal, registeredRoutes } from "./authz";
import { alice, bob, bobSecrets, call, type Caller, CALLERS, carol, contract, MAY_SEE_BOB, METRICS_TOKEN, rowsOf, t, useMatrixWorld } from "./authz-matrix/world";
import type { Row } from "./authz-matrix/expectations";
import { DOCUMENTED } from "./authz-matrix/documented-rows";
import { UNDOCUMENTED } from "./authz-matrix/undocumented-rows";

useMatrixWorld();

describe("the route table", () => {
  it("every OpenAPI operation has a row, and every row an operation", async () => {
    expect(Object.keys(DOCUMENTED).sort()).toEqual(await documentedOperations(t.app));
  });

  it("every route registered in the app is documented or listed here with its expectation", async () => {
    const documented = new Set(await documentedOperations(t.app));
    const registered = registeredRoutes(t.app);
    const unlisted = registered.filter((route) => !documented.has(route) && !(route in UNDOCUMENTED));
    expect(unlisted, "routes with no row in the matrix: add them to DOCUMENTED (OpenAPI) or UNDOCUMENTED").toEqual([]);
    const stale = Object.entries(UNDOCUMENTED)
      .filter(([route, u]) => !u.absent && !registered.includes(route))
      .map(([route]) => route);
    expect(stale, "listed routes the app does not have").toEqual([]);
  });
});

/** One request of a row, its answer checked against the OpenAPI document (contract.ts) when the route is in it. */
async function runCell(caller: Caller, row: Row | (Omit<Row, "expect"> & { expect: "same for every caller" })) {
  const rows = rowsOf(caller);
  const controller = new AbortController();
  const url = row.url(rows);
  const json = row.json?.(rows);
  const method = row.method ?? (json !== undefined ? "POST" : "GET");
  const res = await call(caller, url, { method, json, signal: controller.signal });
  const exchange = { method, url, status: res.status, contentType: res.headers.get("content-type") };
  if (row.sse && res.status === 200) {
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    controller.abort();
    await res.body?.cancel().catch(() => {});
    contract.check({ ...exchange, body: undefined });
    return { status: res.status, text: "" };
  }
  const body = await res.text();
  contract.check({ ...exchange, body });
  // A redirect's target is part of the answer the leak checks read.
  const location = res.headers.get("location");
  return { status: res.status, text: `${body}${location ? ` Location: ${location}` : ""}` };
}

/** The status, the refusal's shape, no secret of Bob's to those who may not see it, and the answer's content. */
async function checkCell(caller: Caller, row: Row, status: number, secretsVisible = false) {
  const { status: got, text } = await runCell(caller, row);
  expect(got, text.slice(0, 300)).toBe(status);
  const secrets = secretsVisible || MAY_SEE_BOB.has(caller) ? [] : bobSecrets();
  // An admin without a second factor is told what is missing, not just "forbidden".
  // So is an admin whose session has not passed it, wherever a customer would have been let in.
  const factorMissing = (caller === "adminNo2fa" && row.adminConsole) || (caller === "adminPending" && (row.adminConsole || row.expect.user !== 403));
  const code = row.codes?.[caller] ?? (status === 403 && factorMissing ? "SECOND_FACTOR_REQUIRED" : row.code);
  if (status >= 400 && !row.foreignRefusal) expectRefusal(status, text, { secrets, code, extraKeys: row.extraKeys });
  else expectNoSecrets(text, secrets);
  if (status < 300 && row.shows && (caller === "user" || caller === "apiKey")) expect(text).toContain(row.shows(rowsOf(caller)));
  if (status < 300 && row.showsAdmins && MAY_SEE_BOB.has(caller)) expect(text).toContain(row.showsAdmins());
  row.check?.(caller, text);
}

for (const [key, row] of Object.entries(DOCUMENTED)) {
  describe(key, () => {
    for (const caller of CALLERS) {
      const status = row.expect[caller];
      it(`${caller} → ${status}`, () => checkCell(caller, row, status));
    }
  });
}

for (const [key, entry] of Object.entries(UNDOCUMENTED)) {
  if (entry.absent) continue;
  describe(`${key} (not in the OpenAPI document: ${entry.why})`, () => {
    for (const [n, probe] of entry.probes.entries()) {
      const fixed = probe.expect;
      if (fixed === "same for every caller") {
        it(`probe ${n + 1}: the same status for every caller`, async () => {
          const statuses = new Set<number>();
          for (const caller of CALLERS) statuses.add((await runCell(caller, probe)).status);
          expect([...statuses]).toHaveLength(1);
          expect([...statuses][0]).not.toBeGreaterThanOrEqual(500);
        });
        continue;
      }
      for (const caller of CALLERS) {
        const status = fixed[caller];
        // The dev mailbox shows every message by design (embedded mode only).
        it(`${caller} → ${status}`, () => checkCell(caller, { ...probe, expect: fixed }, status, entry.when === "embedded"));
      }
    }
  });
}

describe("/metrics with its token", () => {
  it("answers the Prometheus text", async () => {
    const res = await t.app.request("/metrics", { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
  });
});

describe("the contract test (contract.ts)", () => {
  it("checked answers of every documented operation against the OpenAPI document", () => {
    expect(contract.unchecked()).toEqual([]);
  });
});

describe("nothing of Bob's was changed by anyone", () => {
  it("his licence, OTP orders, API key and role are as they were", async () => {
    const db = t.database.db;
    const [license] = await db.select().from(licenses).where(eq(licenses.id, bob.licenceId));
    expect(license).toMatchObject({ name: "", deviceKey: bob.deviceKey });
    const otp = await db.select().from(otpMailOrders).where(and(eq(otpMailOrders.userId, bob.id)));
    expect(otp.map((o) => o.status)).toEqual(["pending", "pending"]);
    const [key] = await db.select().from(apiKeys).where(eq(apiKeys.userId, bob.id));
    expect(revealApiKey(t.config.authSecret, key!)).toBe(bob.apiKey);
    const [row] = await db.select().from(user).where(eq(user.id, bob.id));
    expect(row).toMatchObject({ role: "user", superAdmin: false, name: "" });
  });

  it("while the callers' own rows did change (the matrix reached them)", async () => {
    const db = t.database.db;
    const [license] = await db.select().from(licenses).where(eq(licenses.id, alice.licenceId));
    expect(license!.name).toBe("Matrix");
    const [cancelled] = await db.select().from(otpMailOrders).where(eq(otpMailOrders.id, carol.otpCancelId));
    expect(cancelled!.status).toBe("failed");
  });
});
