// OTP Gmail in Khmer and English: the transaction count's plural, the two empty states, the
// statuses and the buy button's words (issue #27).
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import type { OtpOrder } from "./api";
import { renderInLanguage } from "~/test/render";

const state = vi.hoisted(() => ({ orders: [] as unknown[], balanceMills: 5_000 as number, lastParams: null as unknown }));

vi.mock("~/hooks/use-mobile", () => ({ useIsMobile: () => false }));
vi.mock("~/features/live/account-events", () => ({ useLiveConnected: () => true }));
vi.mock("~/features/profile/queries", () => ({
  useBalance: () => ({ data: { balanceMills: state.balanceMills }, isError: false, isPending: false }),
}));
vi.mock("./mutations", () => ({
  useBuyOtpMail: () => ({ mutateAsync: vi.fn(), isPending: false }),
  useCheckOtpMail: () => ({ mutateAsync: vi.fn(), isPending: false }),
}));
vi.mock("./queries", async () => {
  const { OTP_SERVICE_CATALOGUE } = await import("../../../../contracts/otp-services");
  return {
    useOtpServices: () => ({ data: { services: OTP_SERVICE_CATALOGUE.map((s) => ({ ...s, senderDomains: [], available: true })) } }),
    useOtpOrders: (params: unknown) => {
      state.lastParams = params;
      return {
        data: { orders: state.orders, total: state.orders.length, totalSpentMills: 50 * state.orders.length },
        isError: false,
        isFetching: false,
        isPlaceholderData: false,
        error: null,
        refetch: vi.fn(),
      };
    },
  };
});

const { OtpGmailPanel } = await import("./otp-gmail-panel");

const order = (id: string, status: string, latestCode: string | null): OtpOrder => ({
  id,
  address: `${id}@gmail.com`,
  service: "facebook",
  priceMills: 50,
  codes: latestCode ?? "",
  latestCode,
  status: status as OtpOrder["status"],
  failureReason: status === "failed" ? "expired" : null,
  balanceBeforeMills: 5_000,
  balanceAfterMills: 4_950,
  createdAt: "2026-11-22T20:04:00.000Z",
  expiresAt: "2026-11-22T20:24:00.000Z",
  reorderOf: null,
});

beforeEach(() => {
  state.orders = [];
  state.balanceMills = 5_000;
});
afterEach(cleanup);

describe("OTP Gmail in Khmer", () => {
  it("says there is no history yet, then nothing in the chosen dates", () => {
    renderInLanguage("km", <OtpGmailPanel />);
    expect(screen.getByRole("heading", { level: 1, name: "ប្រវត្តិ OTP Gmail" })).toBeTruthy();
    expect(screen.getByText("រកមិនឃើញប្រវត្តិ OTP Gmail ទេ")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "ម្សិលមិញ" }));
    expect(screen.getByText("រកមិនឃើញប្រតិបត្តិការក្នុងចន្លោះកាលបរិច្ឆេទដែលបានជ្រើសរើសទេ")).toBeTruthy();
    // Yesterday is a day of the shop's calendar: from its midnight in Phnom Penh (17:00 UTC).
    expect(state.lastParams).toMatchObject({ from: expect.stringMatching(/T17:00:00\.000Z$/), to: expect.stringMatching(/T16:59:59\.999Z$/) });
    expect(screen.getByRole("button", { name: "សម្អាតកាលបរិច្ឆេទ" })).toBeTruthy();
  });

  it("counts, names the statuses and dates the orders in Khmer", () => {
    state.orders = [order("a", "success", "123456"), order("b", "pending", null), order("c", "failed", null)];
    renderInLanguage("km", <OtpGmailPanel />);
    expect(screen.getByTestId("total-spent-chip").textContent).toBe("ចំណាយសរុប៖ $0.15· ប្រតិបត្តិការ 3");
    expect(screen.getByTestId("balance-chip").textContent).toBe("សមតុល្យ៖ $5.00");
    expect(screen.getAllByRole("columnheader").map((th) => th.textContent)).toEqual(["អ៊ីមែល", "សេវាកម្ម", "តម្លៃ", "OTP", "កំណត់សម្គាល់", "ពេលវេលា", "សកម្មភាព"]);
    const [, success, pending, failed] = screen.getAllByRole("row");
    expect(within(success!).getByText("ជោគជ័យ")).toBeTruthy();
    expect(within(success!).getByText("23 វិច្ឆិកា 2026")).toBeTruthy();
    expect(within(success!).getByText("03:04")).toBeTruthy();
    expect(within(pending!).getByText("កំពុងរង់ចាំ")).toBeTruthy();
    expect(within(failed!).getByText("បរាជ័យ")).toBeTruthy();
    expect(within(failed!).getByText("គ្មានលេខកូដទាន់ពេល បានសងប្រាក់វិញ")).toBeTruthy();
    expect(within(success!).getByRole("button", { name: "ពិនិត្យ OTP សម្រាប់ a@gmail.com" }).textContent).toBe("ពិនិត្យ");
    expect(screen.getByRole("button", { name: "ទិញ Gmail" })).toBeTruthy();
    // The site to buy for, with its price, before buying (issue #29 item 7).
    expect((screen.getByRole("combobox", { name: "គេហទំព័រ" }) as HTMLSelectElement).selectedOptions[0]?.textContent).toBe("Facebook តម្លៃ $0.045");
  });

  it("names each order's site as the site writes it, not by its id", () => {
    state.orders = [{ ...order("a", "success", "123456"), service: "telegram" }, order("b", "pending", null)];
    renderInLanguage("km", <OtpGmailPanel />);
    const [, telegram, facebook] = screen.getAllByRole("row");
    expect(within(telegram!).getByText("Telegram")).toBeTruthy();
    expect(within(facebook!).getByText("Facebook")).toBeTruthy();
    expect(within(telegram!).queryByText("telegram")).toBeNull();
  });

  it("says the balance is too low to buy", () => {
    state.balanceMills = 40;
    renderInLanguage("km", <OtpGmailPanel />);
    expect((screen.getByRole("button", { name: "សមតុល្យមិនគ្រប់គ្រាន់ (យ៉ាងតិច $0.05)" }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe("OTP Gmail in English", () => {
  it("keeps the spec's words: 'transaction' for one, 'transactions' for more, and both empty states", () => {
    state.orders = [order("a", "success", "123456")];
    renderInLanguage("en", <OtpGmailPanel />);
    expect(screen.getByTestId("total-spent-chip").textContent).toBe("Total Spent: $0.05· 1 transaction");
    expect(screen.getByText("Success")).toBeTruthy();
    expect(screen.getByText("Nov 23, 2026")).toBeTruthy();
    cleanup();
    state.orders = [order("a", "success", "1"), order("b", "", null)];
    renderInLanguage("en", <OtpGmailPanel />);
    expect(screen.getByTestId("total-spent-chip").textContent).toBe("Total Spent: $0.10· 2 transactions");
    expect(screen.getByText("Unknown")).toBeTruthy();
    cleanup();
    state.orders = [];
    state.balanceMills = 0;
    renderInLanguage("en", <OtpGmailPanel />);
    expect(screen.getByText("No OTP Gmail history found")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Insufficient Balance (Min $0.05)" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Last 7 Days" }));
    expect(screen.getByText("No transactions found for selected date range")).toBeTruthy();
  });
});
