// The web's typed client is only as good as its types: the committed contracts/api-types.ts must
// be what the server's routes generate now (run `npm run api:types` after changing a route).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { API_TYPES_FILE, generateApiTypes } from "./api-types";

describe("the web's API types", () => {
  it("are generated from the current routes", { timeout: 60_000 }, async () => {
    const committed = readFileSync(API_TYPES_FILE, "utf8");
    const fresh = await generateApiTypes();
    expect(committed === fresh, "contracts/api-types.ts is stale: run `npm run api:types` and commit it").toBe(true);
  });
});
