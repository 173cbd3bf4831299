// Failures put into words (lib/errors.ts, lib/error-text.ts): English exactly as the spec words
// it, Khmer for every text; a server message the error table knows is said in the reader's
// language, any other is shown as the server sent it.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("sonner", () => ({ toast: { error: vi.fn() } }));

import { ApiError } from "~/lib/api";
import { loadErrorWords } from "~/lib/error-text";
import { toastFor } from "~/lib/error-toasts";
import { errorMessage } from "~/lib/errors";
import { providerErrorMessage } from "~/features/auth/auth-errors";
import { setLanguage } from "~/lib/i18n";

const refused = (code: ConstructorParameters<typeof ApiError>[0], message: string, status = 409, issues?: ApiError["issues"]) => new ApiError(code, message, status, issues);

beforeAll(() => loadErrorWords());
afterAll(() => setLanguage("en"));

describe("in English", () => {
  it("keeps the spec's words and the server's own message", async () => {
    await setLanguage("en");
    expect(toastFor(refused("INSUFFICIENT_FUNDS", "Insufficient funds", 402), "buy-gmail")).toEqual({
      title: "Insufficient Funds",
      description: "Please top up your balance to purchase Gmail service.",
    });
    expect(toastFor(refused("NO_CHANGES_LEFT", "No key changes left for this license."), "change-key")).toEqual({
      title: "Error",
      description: "No key changes left for this license.",
    });
    expect(toastFor(new Error("boom"), "check-otp")).toEqual({ title: "Check Failed", description: "boom" });
    expect(toastFor(refused("INTERNAL", ""), "buy-gmail")).toEqual({ title: "Purchase Failed", description: "Failed to purchase Gmail service" });
    expect(errorMessage(refused("HTTP_ERROR", "The server answered 502 Bad Gateway", 502))).toBe("The server answered 502 Bad Gateway");
  });
});

describe("in Khmer", () => {
  it("says the spec's toasts in Khmer", async () => {
    await setLanguage("km");
    expect(toastFor(refused("INSUFFICIENT_FUNDS", "Insufficient funds", 402), "buy-gmail")).toEqual({
      title: "សមតុល្យមិនគ្រប់គ្រាន់",
      description: "សូមបញ្ចូលសមតុល្យ ដើម្បីទិញសេវា Gmail។",
    });
    expect(toastFor(refused("INTERNAL", ""), "buy-gmail")).toEqual({ title: "ការទិញមិនបានសម្រេច", description: "មិនអាចទិញសេវា Gmail បានទេ" });
  });

  it("says a message of the error table in Khmer, with the values it carries, and any other as sent", async () => {
    await setLanguage("km");
    expect(toastFor(refused("NO_CHANGES_LEFT", "No key changes left for this license."), "change-key")).toEqual({
      title: "មានបញ្ហា",
      description: "អាជ្ញាប័ណ្ណនេះអស់ចំនួនដងប្ដូរឧបករណ៍ហើយ។",
    });
    expect(errorMessage(refused("HTTP_ERROR", "The server answered 502 Bad Gateway", 502))).toBe("ម៉ាស៊ីនមេបានឆ្លើយតប 502 Bad Gateway");
    expect(errorMessage(refused("NOT_FOUND", "License not found", 404))).toBe("License not found");
    expect(errorMessage(refused("VALIDATION_FAILED", "Invalid input", 422, [{ path: "name", message: "Name is too long (100 characters at most)" }]))).toBe(
      "Name is too long (100 characters at most)",
    );
    expect(errorMessage(null)).toBe("មានបញ្ហាអ្វីមួយ។ សូមព្យាយាមម្ដងទៀត។");
  });

  it("says better-auth's refusals and the edge's in Khmer, and an unknown one as sent", async () => {
    await setLanguage("km");
    expect(providerErrorMessage({ code: "INVALID_CODE", message: "This code was already used. Wait for the next code in your authenticator app." })).toBe(
      "លេខកូដនេះបានប្រើរួចហើយ។ សូមរង់ចាំលេខកូដបន្ទាប់នៅក្នុងកម្មវិធីផ្ទៀងផ្ទាត់របស់អ្នក។",
    );
    expect(providerErrorMessage({ code: "INVALID_CODE", message: "Invalid code" })).toBe("លេខកូដមិនត្រឹមត្រូវ");
    expect(providerErrorMessage({ code: "RATE_LIMITED", message: "Too many requests. Please wait a moment and try again." })).toBe(
      "សំណើច្រើនពេក។ សូមរង់ចាំបន្តិច ហើយព្យាយាមម្ដងទៀត។",
    );
    expect(providerErrorMessage({ code: "INVALID_CODE", message: "Something else entirely" })).toBe("Something else entirely");
    expect(providerErrorMessage({ status: 0 })).toBe("មិនអាចភ្ជាប់ទៅម៉ាស៊ីនមេបានទេ។ សូមពិនិត្យការតភ្ជាប់អ៊ីនធឺណិតរបស់អ្នក ហើយព្យាយាមម្ដងទៀត។");
    expect(providerErrorMessage({ status: 500, statusText: "Internal Server Error" })).toBe("មានបញ្ហាអ្វីមួយ។ សូមព្យាយាមម្ដងទៀត។");
  });
});
