// The subscription tool page's own checks: what the server would refuse is shown in the page's
// translated words (the banner's "not valid" note, the e-mail alert) before anything is sent.
import { describe, expect, it } from "vitest";

import { isValidToolDeviceKey, isValidToolEmail } from "./subscription-tool-page";

describe("the subscription tool page's checks", () => {
  it("a device key from the tool's link is taken; one with a control character or a broken character is not (decision 034)", () => {
    expect(isValidToolDeviceKey("")).toBe(true);
    expect(isValidToolDeviceKey("PC-LDREEL-12345")).toBe(true);
    expect(isValidToolDeviceKey("PC-12345")).toBe(false);
    for (const bad of ["PC-LDREEL-1\u0007", "PC-LDREEL-\u0000", "PC-LDREEL\tX", "PC-LDREEL-\uD800", "PC-LDREEL-1\u0085"]) expect(isValidToolDeviceKey(bad), JSON.stringify(bad)).toBe(false);
  });

  it("an e-mail address is one line of text without spaces", () => {
    expect(isValidToolEmail(" buyer@example.com ")).toBe(true);
    expect(isValidToolEmail("buyer@example")).toBe(false);
    for (const bad of ["buy\u0007er@example.com", "buyer@exa\uD800mple.com", "buyer@example.com\u0000x"]) expect(isValidToolEmail(bad), JSON.stringify(bad)).toBe(false);
  });
});
