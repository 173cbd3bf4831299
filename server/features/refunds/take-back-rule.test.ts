import { describe, expect, it } from "vitest";
import type { OrderRow } from "../orders/dto";
import { takeBackRule, type TakeBackRule } from "./reversal";

const order = (kind: OrderRow["kind"], fulfilment: Record<string, unknown> | null, quantity = 1) => ({ kind, fulfilment, quantity });

describe("takeBackRule: what a refund takes back", () => {
  it.each<[string, ReturnType<typeof order>, boolean, TakeBackRule]>([
    ["a top-up's full refund debits the balance", order("topup", { apiKeyId: "k" }), true, "debit-balance"],
    ["a top-up's partial refund debits the balance too", order("topup", { apiKeyId: "k" }), false, "debit-balance"],
    ["a new licence's full refund revokes it", order("plan", { licenseId: "l", buyKey: "KS-1" }), true, "revoke-license"],
    ["a new licence's partial refund keeps it", order("plan", { licenseId: "l", buyKey: "KS-1" }), false, "keep-license"],
    ["a renewal's full refund takes its days back (decision 026)", order("plan", { licenseId: "l", extended: true, addedDays: 90 }), true, "remove-days"],
    ["a renewal's partial refund keeps the days", order("plan", { licenseId: "l", extended: true, addedDays: 90 }), false, "keep-license"],
    ["the tool's extension by device key: a full refund takes its days back", order("tool", { licenseId: "l", extended: true, gift: true }), true, "remove-days"],
    ["the tool's new licence: a full refund revokes it", order("tool", { licenseId: "l" }), true, "revoke-license"],
    ["a bulk order's full refund revokes its unassigned licences (decision 080)", order("plan", { quantity: 10 }, 10), true, "revoke-unassigned"],
    ["a bulk order's partial refund revokes some of them", order("plan", { quantity: 10 }, 10), false, "revoke-unassigned"],
    ["an order without a fulfilment record: a full refund revokes what it issued", order("plan", null), true, "revoke-license"],
  ])("%s", (_label, o, full, expected) => {
    expect(takeBackRule(o, full)).toBe(expected);
  });
});
