// The test vectors of docs/licence-api.md are what this server says: for every answer a client
// must accept, the server's answer builder makes the same bytes from the same request and licence
// state, and its header format with the vector's key gives the same header.
import { createPrivateKey, sign } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { LicenseAnswer } from "../../../contracts/licenses";
import type { LicenseRow } from "./service";
import { signatureEntry } from "./signing";
import { buildAnswer, type ToolRequest } from "./tool";

interface Vector {
  name: string;
  request: { action: ToolRequest["action"]; body: Record<string, string | number> };
  response: { status: number; headers: Record<string, string>; body: string };
  expect: { verdict: "accept" | "reject" };
}
const file = JSON.parse(readFileSync(new URL("../../../clients/licence-client/test-vectors.json", import.meta.url), "utf8")) as {
  keys: Array<{ keyId: string; seedHex: string }>;
  vectors: Vector[];
};
const DAY = 86_400_000;
const PKCS8_ED25519_PREFIX = "302e020100300506032b657004220420";

/** The licence state an answer describes, as the row the server would have read. */
function rowFor(answer: LicenseAnswer): LicenseRow | null {
  if (answer.status === null) return null;
  const bound = answer.code === "DEVICE_MISMATCH" ? "PC-LDREEL-SOMEWHERE-ELSE" : answer.deviceKey;
  const expires = answer.expiresAt ? new Date(answer.expiresAt) : null;
  return { deviceKey: bound, startDate: expires ? new Date(expires.getTime() - 30 * DAY) : null, expireDate: expires, changesLeft: answer.changesLeft } as LicenseRow;
}

const accepted = file.vectors.filter((v) => v.expect.verdict === "accept");

describe("the published test vectors", () => {
  it("cover the answers a client must accept", () => {
    expect(accepted.length).toBeGreaterThanOrEqual(4);
  });

  for (const vector of accepted) {
    it(`the server makes "${vector.name}" byte for byte`, () => {
      const answer = JSON.parse(vector.response.body) as LicenseAnswer;
      const body = vector.request.body;
      const request: ToolRequest = {
        protocol: 2,
        action: vector.request.action,
        buyKey: String(body.buyKey).trim().toUpperCase(),
        deviceKey: String(vector.request.action === "change-key" ? body.newDeviceKey : body.deviceKey).trim(),
        nonce: String(body.nonce),
      };
      const leaseDays = answer.leaseUntil ? (Date.parse(answer.leaseUntil) - Date.parse(answer.serverTime)) / DAY : 7;
      const built = JSON.stringify(buildAnswer(request, { code: answer.code, row: rowFor(answer) }, new Date(answer.serverTime), leaseDays, answer.keysVersion!));
      expect(built).toBe(vector.response.body);

      const header = vector.response.headers["x-keyshop-signature"]!;
      const keyId = /keyid="([^"]+)"/.exec(header)![1]!;
      const seed = file.keys.find((k) => k.keyId === keyId)!.seedHex;
      const key = createPrivateKey({ key: Buffer.from(PKCS8_ED25519_PREFIX + seed, "hex"), format: "der", type: "pkcs8" });
      expect(signatureEntry(keyId, sign(null, Buffer.from(built), key).toString("base64"))).toBe(header);
    });
  }
});
