// Records the component tests share, each test changing only what it is about.
import type { AdminLicense } from "../../../contracts/customers";
import type { License } from "../../../contracts/licenses";

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
