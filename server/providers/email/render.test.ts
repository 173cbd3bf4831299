import { describe, expect, it } from "vitest";
import { emailSamples, renderEmail, type EmailTemplateInput } from "./render";

const url = "https://keyshop.test/api/auth/verify-email?token=abc123&callbackURL=%2Fdashboard";
const urlInHtml = url.replaceAll("&", "&amp;");

describe("renderEmail", () => {
  const linkEmails: Array<[EmailTemplateInput, string, string]> = [
    [{ template: "verify-email", props: { url } }, "Confirm your Keyshop e-mail", "Confirm e-mail"],
    [{ template: "reset-password", props: { url } }, "Reset your Keyshop password", "Reset password"],
    [{ template: "magic-link", props: { url } }, "Your Keyshop sign-in link", "Sign in"],
  ];

  it.each(linkEmails)("%# $template: subject, a button and the copyable link in HTML and text", async (input, subject, button) => {
    const email = await renderEmail(input);
    expect(email.subject).toBe(subject);
    expect(email.html).toContain("Keyshop");
    expect(email.html).toContain(`href="${urlInHtml}"`);
    expect(email.html).toContain(`>${button}<`);
    expect(email.html).toContain(`>${urlInHtml}<`); // the raw link a person can copy
    expect(email.html).toMatch(/expires in \d+ (minutes|hour)/);
    expect(email.text).toContain(url);
    expect(email.text).toMatch(/expires in \d+ (minutes|hour)/);
    // The button is left out of the text part: the link appears there once.
    expect(email.text.split(url)).toHaveLength(2);
  });

  it("renders the code in the subject, HTML and text for every purpose", async () => {
    for (const purpose of ["sign-in", "email-verification", "forget-password"] as const) {
      const email = await renderEmail({ template: "sign-in-code", props: { code: "123456", purpose } });
      expect(email.subject).toBe("Your Keyshop code: 123456");
      expect(email.html).toContain("123456");
      expect(email.text).toContain("123456");
      expect(email.text).toContain("expires in 5 minutes");
    }
    const reset = await renderEmail({ template: "sign-in-code", props: { code: "654321", purpose: "forget-password" } });
    expect(reset.text).toContain("Reset your password");
  });

  it("states the expiry it is given", async () => {
    const email = await renderEmail({ template: "magic-link", props: { url, expiresInMinutes: 120 } });
    expect(email.text).toContain("expires in 2 hours");
  });

  it("escapes what it is given", async () => {
    const email = await renderEmail({ template: "sign-in-code", props: { code: "<b>1</b>", purpose: "sign-in" } });
    expect(email.html).not.toContain("<b>1</b>");
    expect(email.html).toContain("&lt;b&gt;1&lt;/b&gt;");
  });

  it("renders the licence e-mail: buy key, plan, how to activate, term from first activation, changes left", async () => {
    const email = await renderEmail({
      template: "license-key",
      props: { buyKey: "KS-AAAAA-BBBBB-CCCCC-DDDDD", planMonths: 3, termDays: 105, changesLeft: 10, dashboardUrl: "https://keyshop.test/license-keys" },
    });
    expect(email.subject).toBe("Your Keyshop 3 Months licence: KS-AAAAA-BBBBB-CCCCC-DDDDD");
    for (const part of [email.html, email.text]) {
      expect(part).toContain("KS-AAAAA-BBBBB-CCCCC-DDDDD");
      expect(part).toContain("starts at first activation");
      expect(part).toContain("Changes left: 10");
      expect(part).toContain("Login License Keys");
    }
    expect(email.text).toContain("https://keyshop.test/license-keys");
  });

  it("renders the payment receipt from its facts in the language asked for: every row, the download link once in the text", async () => {
    const link = "https://keyshop.test/api/payment-receipts/KS1.abc.def/receipt.pdf";
    const [sample] = emailSamples().filter((e) => e.template === "payment-receipt") as Array<Extract<EmailTemplateInput, { template: "payment-receipt" }>>;
    const input = { template: "payment-receipt", props: { receipt: { ...sample!.props.receipt, approvalCode: "<123456>" }, download: { kind: "link", url: link } } } as const;
    const email = await renderEmail(input, { language: "km" });
    expect(email.subject).toBe("បង្កាន់ដៃបង់ប្រាក់ Keyshop KS261124070512ABCDEF");
    expect(email.html).toMatch(/<html[^>]* lang="km"/);
    expect(email.html).toContain("&lt;123456&gt;");
    for (const part of ["KS261124070512ABCDEF", "លេខកូដអនុម័ត", "Keyshop Co., Ltd.", "ឬចម្លងតំណនេះ", "អាជ្ញាប័ណ្ណ 3 ខែ", "24 វិច្ឆិកា 2026 នៅម៉ោង 14:05 (UTC+07:00)", "តំណនេះអាចប្រើបានរយៈពេល 30 ថ្ងៃ"]) {
      expect(email.html).toContain(part);
      expect(email.text).toContain(part);
    }
    expect(email.text).not.toContain("Or copy this link");
    expect(email.text.split(link)).toHaveLength(2);
    const english = await renderEmail(input);
    expect(english.subject).toBe("Your Keyshop receipt KS261124070512ABCDEF");
    expect(english.text).toContain("November 24, 2026 at 14:05 (UTC+07:00)");
    // Another shop time zone: another local time, the same UTC one.
    const utc = await renderEmail(input, { timeZone: "UTC" });
    expect(utc.text).toContain("November 24, 2026 at 07:05 (UTC+00:00)");
    expect(utc.text).toContain("2026-11-24 07:05 UTC");
  });
});

describe("refund e-mails (decision 024)", () => {
  const historyUrl = "https://keyshop.test/transactions-history";
  it("refund made: the amount, what is refunded so far, what was taken back, the note", async () => {
    const email = await renderEmail({
      template: "refund-made",
      props: { planMonths: 3, amountMills: 10_000, orderAmountMills: 29_990, refundedMills: 10_000, takenBack: [{ kind: "licence-kept" }], approvedRequest: false, note: "Goodwill", historyUrl },
    });
    expect(email.subject).toBe("$10.00 of your Keyshop payment was refunded");
    for (const part of [email.html, email.text]) {
      expect(part).toContain("$10.00 of your $29.99 payment for 3 Months");
      expect(part).toContain("Your licence keeps working.");
      expect(part).toContain("Goodwill");
    }
    const approved = await renderEmail({ template: "refund-made", props: { planMonths: null, amountMills: 5_000, orderAmountMills: 5_000, refundedMills: 5_000, takenBack: [], approvedRequest: true, note: "", historyUrl } });
    expect(approved.subject).toBe("Refund request approved: $5.00 refunded");
    expect(approved.text).toContain("The whole payment is now refunded.");
  });

  it("request received and declined: the reason, the note", async () => {
    const received = await renderEmail({ template: "refund-request-received", props: { planMonths: 3, amountMills: 29_990, reason: "Wrong plan <b>", historyUrl } });
    expect(received.subject).toBe("We received your refund request (3 Months)");
    expect(received.text).toContain("Wrong plan <b>");
    expect(received.html).not.toContain("Wrong plan <b>");
    const declined = await renderEmail({ template: "refund-request-declined", props: { planMonths: 3, amountMills: 29_990, note: "Used on 3 devices", historyUrl } });
    expect(declined.subject).toBe("Your refund request was declined (3 Months)");
    expect(declined.text).toContain("Why: Used on 3 devices");
  });
});

describe("licence action notices (decision 023)", () => {
  it("renders the notices after an admin's licence action: which licence (buy key end), the dashboard link", async () => {
    const notice = { planMonths: 3, buyKeyEnd: "DDDDD", dashboardUrl: "https://keyshop.test/license-keys" };
    const cases: Array<[EmailTemplateInput, string, string]> = [
      [{ template: "license-suspended", props: notice }, "Your Keyshop licence is on hold", "was suspended by Keyshop support"],
      [{ template: "license-resumed", props: notice }, "Your Keyshop licence works again", "is no longer suspended"],
      [{ template: "license-revoked", props: notice }, "Your Keyshop licence was revoked", "cannot be renewed"],
      [{ template: "license-device-released", props: notice }, "Your Keyshop licence was released from its device", "costs no change"],
      [{ template: "license-support-extended", props: { ...notice, addedDays: 30, expireDate: "2027-03-01T00:00:00.000Z" } }, "Your Keyshop licence was extended by 30 days", "until March 1, 2027"],
    ];
    for (const [input, subject, says] of cases) {
      const email = await renderEmail(input);
      expect(email.subject).toBe(subject);
      expect(email.text).toContain("3 Months licence (buy key ending in DDDDD)");
      expect(email.text).toContain(says);
      expect(email.text).toContain("https://keyshop.test/license-keys");
    }
  });
});
