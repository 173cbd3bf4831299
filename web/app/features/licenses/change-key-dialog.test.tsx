// The Change License Key dialog's own checks say the spec's words in English and the glossary's
// in Khmer: an empty key, a key without LDREEL, and the hint while typing one (issue #27).
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import type { Language } from "~/lib/i18n";
import { licenseFixture } from "~/test/fixtures";
import { renderInLanguage } from "~/test/render";

const mutateAsync = vi.hoisted(() => vi.fn());
vi.mock("~/features/session/queries", () => ({ useMe: () => ({ data: { email: "dara@example.com" } }) }));
vi.mock("./mutations", () => ({ useChangeDeviceKey: () => ({ mutateAsync }) }));

const { ChangeKeyDialog } = await import("./change-key-dialog");

const license = licenseFixture({ deviceKey: "LDREEL-OLD" });

afterEach(cleanup);

const TEXTS = {
  en: {
    title: "Change License Key",
    description: "Paste the new key shown by the desktop tool. Setting a key uses one change: you have 1 change left, none after this one.",
    first: "Paste the key shown by the desktop tool. Setting the first key here uses one change too: you have 2 changes left, 1 after this one. Activating from the desktop tool itself uses none.",
    field: "New license key",
    submit: "Update key",
    empty: "License key cannot be empty",
    format: "Invalid license key format. Please use the key provided by the tool.",
    hint: "* Please use the new key on the tool.",
  },
  km: {
    title: "ប្ដូរកូដឧបករណ៍",
    description: "បិទភ្ជាប់កូដថ្មីដែលកម្មវិធីកុំព្យូទ័របង្ហាញ។ ការដាក់កូដនីមួយៗប្រើការប្ដូរ 1 ដង៖ អ្នកនៅសល់ 1 ដង ហើយបន្ទាប់ពីនេះនឹងនៅសល់ 0 ដង។",
    first: "បិទភ្ជាប់កូដដែលកម្មវិធីកុំព្យូទ័របង្ហាញ។ ការដាក់កូដដំបូងនៅទីនេះក៏ប្រើការប្ដូរ 1 ដងដែរ៖ អ្នកនៅសល់ 2 ដង ហើយបន្ទាប់ពីនេះនឹងនៅសល់ 1 ដង។ ការធ្វើឱ្យសកម្មពីកម្មវិធីកុំព្យូទ័រផ្ទាល់ មិនប្រើការប្ដូរទេ។",
    field: "កូដឧបករណ៍ថ្មី",
    submit: "ប្ដូរកូដ",
    empty: "កូដឧបករណ៍មិនអាចទទេបានទេ",
    format: "ទម្រង់កូដឧបករណ៍មិនត្រឹមត្រូវ។ សូមប្រើកូដដែលកម្មវិធីផ្ដល់ឱ្យ។",
    hint: "* សូមប្រើកូដថ្មីនៅលើកម្មវិធី។",
  },
} satisfies Record<Language, Record<string, string>>;

describe.each(["en", "km"] as const)("the Change License Key dialog in %s", (lng) => {
  const text = TEXTS[lng];

  it("refuses an empty key and a key without the marker, with a hint while typing", async () => {
    renderInLanguage(lng, <ChangeKeyDialog license={license} open onOpenChange={() => undefined} />);
    expect(screen.getByRole("heading", { name: text.title })).toBeTruthy();
    expect(screen.getByText(text.description)).toBeTruthy();
    const input = screen.getByLabelText(text.field);

    fireEvent.click(screen.getByRole("button", { name: text.submit }));
    expect((await screen.findByRole("alert")).textContent).toBe(text.empty);

    fireEvent.change(input, { target: { value: "ABC-123" } });
    await waitFor(() => expect(screen.queryByRole("alert")).toBeNull());
    expect(screen.getByText(text.hint)).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: text.submit }));
    expect((await screen.findByRole("alert")).textContent).toBe(text.format);
    expect(screen.queryByText(text.hint)).toBeNull();
    expect(mutateAsync).not.toHaveBeenCalled();
  });

  it("says before confirming that setting the first key uses one change too (the spec's rule, decision 051)", () => {
    renderInLanguage(lng, <ChangeKeyDialog license={{ ...license, deviceKey: null, changesLeft: 2, status: "New" }} open onOpenChange={() => undefined} />);
    expect(screen.getByText(text.first)).toBeTruthy();
  });
});
