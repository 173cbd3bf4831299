// Small units of the web app that hold logic: the copy toasts (spec: 'Copied!' / '{label} copied to
// clipboard', 'Copy Failed' / 'Failed to copy to clipboard'), where the language choice is kept (a
// cookie the server reads, and localStorage), and the server's messages put in the reader's language.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { LANGUAGE_COOKIE } from "../../../contracts/cookies";
import { renderIn } from "~/lib/i18n";
import km from "~/locales/km";

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock("~/lib/toast", () => ({ toast }));

const { copyWithToast, writeClipboard } = await import("../components/clipboard");
const { knownText, loadErrorWords, serverMessage } = await import("./error-text");
const { languageCookie, rememberLanguage, storedLanguage, LANGUAGE_STORAGE_KEY } = await import("./language-choice");

const writeText = vi.fn();
beforeEach(() => {
  Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
});
afterEach(() => {
  vi.clearAllMocks();
  vi.restoreAllMocks();
  renderIn("en");
});

describe("copying to the clipboard", () => {
  it("copies the text and says what was copied", async () => {
    writeText.mockResolvedValue(undefined);
    await copyWithToast("KS-ABCDE", "Buy key");
    expect(writeText).toHaveBeenCalledWith("KS-ABCDE");
    expect(toast.success).toHaveBeenCalledWith("Copied!", { description: "Buy key copied to clipboard" });
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("says the copy failed when the browser refuses", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    writeText.mockRejectedValue(new Error("denied"));
    expect(await writeClipboard("x")).toBe(false);
    await copyWithToast("KS-ABCDE", "Buy key");
    expect(toast.error).toHaveBeenCalledWith("Copy Failed", { description: "Failed to copy to clipboard" });
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("says it in Khmer", async () => {
    renderIn("km", km);
    writeText.mockResolvedValue(undefined);
    await copyWithToast("KS-ABCDE", "លេខកូដ");
    expect(toast.success).toHaveBeenCalledWith("បានចម្លង!", { description: "បានចម្លង លេខកូដ ទៅក្ដារតម្បៀតខ្ទាស់" });
  });
});

describe("the language choice", () => {
  afterEach(() => {
    document.cookie = `${LANGUAGE_COOKIE}=; Path=/; Max-Age=0`;
    localStorage.clear();
  });

  it("remembers Khmer in the cookie the server reads and in this device's storage", () => {
    rememberLanguage("km");
    expect(languageCookie()).toBe("km");
    expect(storedLanguage()).toBe("km");
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe("km");
  });

  it("drops the cookie for English (the default the server prerenders)", () => {
    rememberLanguage("km");
    rememberLanguage("en");
    expect(languageCookie()).toBeFalsy();
    expect(storedLanguage()).toBe("en");
  });

  it("reads nothing when the storage is blocked", () => {
    vi.spyOn(Storage.prototype, "getItem").mockImplementation(() => {
      throw new Error("blocked");
    });
    expect(storedLanguage()).toBeNull();
  });
});

describe("the server's messages in the reader's language", () => {
  // The English words come with the first failure through the API client; here, by hand.
  beforeAll(() => loadErrorWords());
  it("translates a message that is the error table's own, reading its values back", () => {
    renderIn("km", km);
    expect(serverMessage("NOT_FOUND", "Not found")).toBe("រកមិនឃើញ");
    expect(serverMessage("HTTP_ERROR", "The server answered 503")).toBe("ម៉ាស៊ីនមេបានឆ្លើយតប 503");
  });

  it("keeps any other message as the server sent it", () => {
    renderIn("km", km);
    expect(serverMessage("NOT_FOUND", "Order 42 not found")).toBe("Order 42 not found");
    expect(serverMessage("NO_SUCH_CODE", "Whatever")).toBe("Whatever");
    expect(knownText("errors", "codes.NO_SUCH_CODE", "Whatever")).toBeNull();
  });
});
