// Records the component tests share, each test changing only what it is about.
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
