// Records the component tests share, each test changing only what it is about.
import type { AdminLicense } from "../../../contracts/customers";
import type { License } from "../../../contracts/licenses";
import type { Order } from "../../../contracts/orders";
import type { CurrentUser } from "~/lib/api";

/** A signed-in member (role user) without a second factor, reading English. */
export function userFixture(over: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: "u1",
    email: "dara@example.com",
    name: "",
    role: "user",
    superAdmin: false,
    reseller: false,
    emailVerified: true,
    twoFactorEnabled: false,
    passkeyEnabled: false,
    secondFactorVerified: false,
    language: "en",
    ...over,
  };
}

/** The sidebar's menu for each role, as the spec lists it. */
export const SPEC_MENU = {
  member: ["Home", "Profile", "License Keys", "License History"],
  admin: ["Home", "Overview", "Profile", "License Keys", "License History", "Transactions History", "Transactions Gmail", "OTP Gmail"],
  superAdmin: [
    "Home",
    "Overview",
    "Profile",
    "License Keys",
    "License History",
    "Transactions History",
    "Transactions Gmail",
    "OTP Gmail",
    "User Management",
    "Manage Balance",
    "Audit Log",
    "Webhooks",
    "Catalogue",
    "Discount codes",
  ],
};

/** A paid 3 Months plan order (PayWay) with its buy key. */
export function orderFixture(over: Partial<Order> = {}): Order {
  return {
    id: "o1",
    tranId: "T-0001",
    kind: "plan",
    email: "dara@example.com",
    planId: "local-3m",
    planTitle: "3 Months",
    planMonths: 3,
    amountMills: 29_990,
    amount: "29.99",
    currency: "USD",
    status: "paid",
    providerName: "PayWay",
    buyKey: "BUYKEY-0001",
    createdAt: "2026-11-01T00:00:00.000Z",
    paidAt: "2026-11-01T00:00:00.000Z",
    expiresAt: null,
    refundedMills: 0,
    ...over,
  };
}

/** An active licence on a device, 1 change left. */
export function licenseFixture(over: Partial<License> = {}): License {
  return {
    id: "l1",
    name: "Office PC",
    deviceKey: "LDREEL-OLD",
    buyKey: "BUYKEY-0001",
    startDate: null,
    expireDate: null,
    status: "Active",
    changesLeft: 1,
    termDays: 30,
    planTitle: "1 Month",
    planMonths: 1,
    canChangeKey: true,
    revokedAt: null,
    ...over,
  };
}

/** A customer's licence as the admin console reads it: active on a device, 3 Months, 2 of 10 changes left. */
export function adminLicenseFixture(over: Partial<AdminLicense> = {}): AdminLicense {
  return {
    id: "l1",
    email: "dara@example.com",
    name: "Office PC",
    buyKey: "BUYKEY-0001",
    deviceKey: "LDREEL-ABC",
    planId: "local-3m",
    planTitle: "3 Months",
    planMonths: 3,
    planKeyChanges: 10,
    status: "Active",
    startDate: "2026-10-01T00:00:00.000Z",
    expireDate: "2027-01-15T00:00:00.000Z",
    termDays: 105,
    changesLeft: 2,
    suspendedAt: null,
    revokedAt: null,
    createdAt: "2026-10-01T00:00:00.000Z",
    orderId: "o1",
    activity: { lastSeenHour: null, lastSeenAddresses: [], addresses24h: 0, refusedKeys24h: 0, flagged: false },
    ...over,
  };
}
