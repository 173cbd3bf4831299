import { describe, expect, it } from "vitest";

import enPasskeys from "~/locales/en/passkeys.json";
import kmPasskeys from "~/locales/km/passkeys.json";
import { leaves } from "~/test/copy-leaves";

import { deviceName } from "./api";

// Same keys, placeholders and tags in every language: web/app/locales/locales.test.ts.
describe("the passkeys' words", () => {
  it("are translated in Khmer, not copied (a name or a \"Passkey\" alone may stay as it is)", () => {
    const km = leaves(kmPasskeys);
    for (const [key, text] of leaves(enPasskeys)) {
      if (text.split(" ").length > 2) expect(km.get(key), key).not.toBe(text);
    }
  });
});

describe("a new passkey's default name", () => {
  const t = (_key: string, values: Record<string, string>) => `${values.browser} on ${values.os}`;
  it("names the browser and the system it runs on", () => {
    expect(deviceName("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36", t)).toBe("Chrome on Windows");
    expect(deviceName("Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1", t)).toBe("Safari on iPhone");
    expect(deviceName("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36", t)).toBe("Chrome on Android");
    expect(deviceName("Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:132.0) Gecko/20100101 Firefox/132.0", t)).toBe("Firefox on Mac");
    expect(deviceName("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0", t)).toBe("Edge on Windows");
    expect(deviceName("curl/8.0", t)).toBe("Passkey");
  });
});
