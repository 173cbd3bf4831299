// The server's words on the customer's page (its licence actions' answers, the history's notes)
// shown in the reader's language: an admin who reads Khmer gets Khmer, whatever the server wrote.
import { afterAll, describe, expect, it } from "vitest";

import { setLanguage } from "~/lib/i18n";

import { auditText } from "./audit-text";
import { fieldText, historyNote, serverText } from "./copy";

afterAll(() => setLanguage("en"));

describe("the server's words on the customer's page", () => {
  it("stay as the server wrote them in English", async () => {
    await setLanguage("en");
    expect(serverText("Extended by 30 days (until 2026-12-22). The owner was e-mailed.")).toBe("Extended by 30 days (until 2026-12-22). The owner was e-mailed.");
    expect(historyNote("Device key released by support")).toBe("Device key released by support");
  });

  it("are Khmer for a Khmer reader: action answers, history notes, the reason's check and audit entries", async () => {
    await setLanguage("km");
    expect(serverText("Extended by 30 days (until 2026-12-22). The owner was e-mailed.")).toBe("បានបន្ថែម 30\u00a0ថ្ងៃ (រហូតដល់ 2026-12-22)។ យើងបានផ្ញើអ៊ីមែលទៅម្ចាស់ហើយ។");
    expect(serverText("Changes left set to 3.")).toBe("បានកំណត់ចំនួនប្ដូរនៅសល់ទៅ 3\u00a0ដង។");
    expect(serverText("The key e-mail is on its way to a@example.com again.")).toBe("អ៊ីមែលលេខកូដអាជ្ញាប័ណ្ណកំពុងផ្ញើទៅ a@example.com ម្ដងទៀត។");
    expect(historyNote("Extended by 30 days by support (until 2026-12-22)")).toBe("ផ្នែកជំនួយបានបន្ថែម 30\u00a0ថ្ងៃ (រហូតដល់ 2026-12-22)");
    expect(historyNote("Revoked: order KS2611270001ABCDEFGH was refunded")).toBe("បានដកហូត៖ ការបញ្ជាទិញ KS2611270001ABCDEFGH ត្រូវបានសងប្រាក់វិញ");
    expect(fieldText("Give a reason (3 characters at least).")).toBe("សូមផ្ដល់មូលហេតុ (យ៉ាងតិច 3\u00a0តួអក្សរ)។");
    expect(auditText({ action: "licence.suspend", before: {}, after: {} } as never)).toBe("បានផ្អាកអាជ្ញាប័ណ្ណ");
  });

  it("leave words the copy does not know as the server wrote them", async () => {
    await setLanguage("km");
    expect(serverText("Something new the server says.")).toBe("Something new the server says.");
    expect(historyNote("A note typed by hand")).toBe("A note typed by hand");
  });
});
