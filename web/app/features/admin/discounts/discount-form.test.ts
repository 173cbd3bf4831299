// A code's days are the shop's (Asia/Phnom_Penh unless the server names another zone), whatever the
// seller's browser says: the test process runs in UTC, like a browser abroad.
import { afterEach, describe, expect, it } from "vitest";
import type { DiscountDto } from "../../../../../contracts/discounts";
import { DEFAULT_SHOP_TIME_ZONE, setShopTimeZone } from "~/lib/dates";
import { dayStart, fieldsOf } from "./discount-form";

afterEach(() => setShopTimeZone(DEFAULT_SHOP_TIME_ZONE));

describe("a discount code's days", () => {
  it("start at midnight in Phnom Penh, and the last day ends at the next midnight there", () => {
    expect(dayStart("2027-04-13")).toBe("2027-04-12T17:00:00.000Z");
    expect(dayStart("2027-04-13", { after: true })).toBe("2027-04-13T17:00:00.000Z");
    expect(dayStart("2027-4-13")).toBeNull();
  });

  it("follow the shop's zone when the server names another one (summer time included)", () => {
    setShopTimeZone("America/New_York");
    expect(dayStart("2027-07-01")).toBe("2027-07-01T04:00:00.000Z");
    expect(dayStart("2027-01-01")).toBe("2027-01-01T05:00:00.000Z");
  });

  it("read back as the same days in the edit dialog", () => {
    const code = { code: "NEWYEAR", kind: "percent", value: 10, planIds: [], markets: [], startsAt: dayStart("2027-04-13"), endsAt: dayStart("2027-04-16", { after: true }), maxUses: null, maxUsesPerCustomer: null, note: "" } as unknown as DiscountDto;
    expect(fieldsOf(code)).toMatchObject({ startsOn: "2027-04-13", endsOn: "2027-04-16" });
  });
});
