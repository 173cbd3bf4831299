// Issue #29 item 3, decision 053: one amount, one figure. The same mills go through every place
// money leaves the shop as text (the screens' formatter, an e-mail, the receipt the PDF prints,
// the admin's CSV, the API's JSON) and every one shows the same digits: 2 decimals for a whole
// cent, the exact third for a fraction of one, never rounded.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatMoney } from "../../contracts/money";
import { insertOrders } from "../features/admin/test-seed";
import { buildPaymentReceipt, receiptRows } from "../features/receipts/model";
import { renderEmail } from "../providers/email/render";
import { createTestContext, type TestContext } from "./harness";

// A balance after one $0.045 OTP address ($4.955), after a $2.50 top-up ($7.455), a plan price,
// a large amount with a thousands separator, one OTP price.
const AMOUNTS: ReadonlyArray<{ mills: number; shown: string }> = [
  { mills: 4_955, shown: "$4.955" },
  { mills: 7_455, shown: "$7.455" },
  { mills: 29_990, shown: "$29.99" },
  { mills: 1_234_500, shown: "$1,234.50" },
  { mills: 45, shown: "$0.045" },
];
/** The digits a machine-readable cell carries for the same amount: no "$", no separators. */
const plainOf = (shown: string) => shown.replace(/[$,]/g, "");

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe("one amount, one figure (decision 053)", () => {
  it("the screens' formatter shows each amount as the rule says", () => {
    for (const { mills, shown } of AMOUNTS) expect(formatMoney(mills)).toBe(shown);
  });

  it("the refund e-mail states the balance left with the same figure as the screens", async () => {
    for (const { mills, shown } of AMOUNTS) {
      const email = await renderEmail({
        template: "refund-made",
        props: { planMonths: null, amountMills: 5_000, orderAmountMills: 5_000, refundedMills: 5_000, takenBack: [{ kind: "balance-debited", debitMills: mills, balanceAfterMills: mills }], approvedRequest: false, note: "", historyUrl: "https://keyshop.test/transactions-history" },
      });
      expect(email.text).toContain(`${shown} was taken off your balance (now ${shown}).`);
      expect(email.html).toContain(shown);
    }
  });

  it("the receipt (its model, the rows the PDF prints) and the admin's CSV carry the same figure", async () => {
    const admin = (await t.signedInUser({ role: "admin" })).client;
    const rows = await insertOrders(
      t.database.db,
      AMOUNTS.map(({ mills }, i) => ({ kind: "topup" as const, amountMills: mills, email: `figure-${i}@example.com` })),
    );
    const res = await admin.request("/api/admin/orders.csv?search=figure-");
    expect(res.status).toBe(200);
    const csv = await res.text();
    for (const [i, { shown }] of AMOUNTS.entries()) {
      const receipt = buildPaymentReceipt(rows[i]!, null, "en");
      expect(receipt.amount).toBe(`${shown} USD`);
      expect(receiptRows(receipt)).toContainEqual({ label: "Total paid", value: `${shown} USD` });
      const line = csv.split("\r\n").find((l) => l.includes(`figure-${i}@example.com`));
      expect(line?.split(",")[3]).toBe(plainOf(shown));
    }
  });
});
