import { describe, expect, it } from "vitest";
import { isReceiptNumber, receiptFileName, receiptNumber } from "../../../contracts/receipts";
import { newTranId } from "../../providers/payway/tran-id";

describe("receipt numbers", () => {
  it("a receipt's number is its order's payment reference, as the checkout made it", () => {
    const tranId = newTranId(new Date("2026-11-22T12:00:00Z"));
    expect(receiptNumber({ tranId })).toBe(tranId);
    expect(tranId).toMatch(/^KS261122120000[A-Z2-9]{6}$/);
    expect(isReceiptNumber(tranId)).toBe(true);
  });

  it.each([
    ["KS261122120000ABCDEF", true],
    ["TP-1", true],
    ["A", true],
    ["", false],
    ["KS261122120000ABCDEFG", false], // 21 characters
    ["KS2611.ABC", false], // a token's separator
    ["KS 2611", false],
    ["KS/../x", false],
    ["KSé", false],
  ])("%j is a receipt number: %s", (text, ok) => {
    expect(isReceiptNumber(text)).toBe(ok);
  });

  it("the PDF's file name carries the number", () => {
    expect(receiptFileName("KS261122120000ABCDEF")).toBe("keyshop-receipt-KS261122120000ABCDEF.pdf");
  });
});
