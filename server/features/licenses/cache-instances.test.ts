// Two instances of the real server on one PostgreSQL database (decision 071): a licence revoked,
// suspended or moved to another device through instance A is, the moment A has answered, never
// validated from the old row by instance B, which had it in memory. Repeated, because the race it
// closes (B reading its notification a moment after A answered) is a matter of milliseconds.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { totpCode } from "../../lib/totp";
import type { RunningServer } from "../../server";
import { startTwoInstances, type TwoInstances } from "../../test/two-instances";

const SHOP = "http://shop.keyshop.test";
const TOKEN = "licence-cache-instances";
const PASSWORD = "correct horse battery 9";
const ROUNDS = 10;

describe.runIf(process.env.TEST_DATABASE_URL)("the licence cache across two instances", () => {
  let world: TwoInstances | undefined;
  let a: RunningServer;
  let b: RunningServer;
  let admin: string;

  const testApi = async <T>(server: RunningServer, path: string, body: unknown) => {
    const res = await fetch(`${server.url}/dev/test-api${path}`, { method: "POST", headers: { "content-type": "application/json", "x-test-token": TOKEN }, body: JSON.stringify(body) });
    expect(res.status).toBe(200);
    return (await res.json()) as T;
  };
  const post = (server: RunningServer, path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, { method: "POST", headers: { "content-type": "application/json", origin: SHOP, ...headers }, body: JSON.stringify(body) });
  const validate = async (server: RunningServer, buyKey: string, deviceKey: string) =>
    ((await (await post(server, "/api/v1/licenses/validate", { buyKey, deviceKey }, { "x-forwarded-for": "10.8.0.1" })).json()) as { code: string }).code;

  beforeAll(async () => {
    world = await startTwoInstances(SHOP, TOKEN);
    ({ a, b } = world);
    const email = "cache-admin@example.com";
    const { totpSecret } = await testApi<{ totpSecret: string }>(a, "/users", { email, password: PASSWORD, role: "admin", superAdmin: true });
    const signedIn = await post(a, "/api/auth/sign-in/email", { email, password: PASSWORD });
    const cookie = signedIn.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    const verified = await post(a, "/api/auth/two-factor/verify-totp", { code: totpCode(totpSecret) }, { cookie });
    expect(verified.status).toBe(200);
    admin = verified.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  }, 60_000);

  afterAll(async () => {
    await world?.close();
  });

  /** A licence that B answers VALID from its memory (validated twice). */
  const cachedOnB = async (deviceKey: string) => {
    const lic = await testApi<{ id: string; buyKey: string }>(a, "/licenses", {
      email: "cache-instances@example.com",
      planId: "local-1m",
      deviceKey,
      startDate: new Date(Date.now() - 86_400_000).toISOString(),
      expireDate: new Date(Date.now() + 10 * 86_400_000).toISOString(),
    });
    for (let i = 0; i < 2; i++) expect(await validate(b, lic.buyKey, deviceKey)).toBe("VALID");
    return lic;
  };

  it(`answers from the new row on B right after A answered a revoke, a suspension or a key change (${ROUNDS} rounds)`, async () => {
    const answers: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const action of ["revoke", "suspend"] as const) {
        const deviceKey = `LDREEL-INST-${round}-${action}`;
        const lic = await cachedOnB(deviceKey);
        const res = await post(a, `/api/admin/licenses/${lic.id}/actions`, { action, reason: "cache across instances" }, { cookie: admin });
        expect(res.status).toBe(200);
        answers.push(`${action}: ${await validate(b, lic.buyKey, deviceKey)}`);
      }
      const deviceKey = `LDREEL-INST-${round}-move`;
      const lic = await cachedOnB(deviceKey);
      const moved = await post(a, "/api/v1/licenses/change-key", { buyKey: lic.buyKey, oldDeviceKey: deviceKey, newDeviceKey: `${deviceKey}-NEW` }, { "x-forwarded-for": `10.7.0.${round + 1}` });
      expect(moved.status).toBe(200);
      expect(((await moved.json()) as { code: string }).code).toBe("KEY_CHANGED");
      answers.push(`old key: ${await validate(b, lic.buyKey, deviceKey)}`, `new key: ${await validate(b, lic.buyKey, `${deviceKey}-NEW`)}`);
    }
    const stale = answers.filter((line) => (line.startsWith("new key") ? !line.endsWith(": VALID") : line.endsWith(": VALID")));
    expect(stale).toEqual([]);
  }, 120_000);
});
