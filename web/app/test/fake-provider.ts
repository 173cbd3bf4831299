// The payment provider's web component in component tests: its script "loads", its window "opens"
// (nothing happens), and the test reads what was asked of it from `fakeRunner`. Use it with
// `vi.mock("~/features/payments/providers", () => import("~/test/fake-provider"))` and, so that no
// payment is watched, `vi.mock("~/features/payments/watch-checkout", () => import("~/test/fake-provider"))`.
import { vi } from "vitest";

export const fakeRunner = {
  load: vi.fn((): Promise<void> => Promise.resolve()),
  start: vi.fn(),
  isOpen: () => false,
  close: vi.fn(),
  returnUrl: () => undefined,
  name: "PayWay",
};

export const runnerFor = () => fakeRunner;
export const fallbackProviderName = "PayWay";
// The checkout provider's name without asking a server: also
// `vi.mock("~/features/payments/provider-name", () => import("~/test/fake-provider"))`.
export const checkoutProviderName = () => "PayWay";
export const loadCheckoutProviderName = () => Promise.resolve("PayWay");
export const useCheckoutProviderName = () => "PayWay";
export const watchCheckout = () => () => undefined;
