// The Catalogue page (super-admin, decision 074): both price lists in order with their titles in
// the reader's language, editing a price (sent as mills), a refusal in the table's words, moving a
// plan, retiring one, adding one with field issues, the landing preview in either language, and a
// plan's volume tiers (decision 080): shown in its row, edited, checked, saved with the plan.
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import type { CataloguePlanDto } from "../../../../../contracts/catalogue-admin";
import { featureText, planFeatures } from "../../../../../contracts/plan-catalogue";
import { ApiError } from "~/lib/api";
import { click, renderInLanguage, type } from "~/test/render";

const state = vi.hoisted(() => ({ plans: [] as unknown[] }));
const m = vi.hoisted(() => ({ create: vi.fn(), update: vi.fn(), reorder: vi.fn() }));
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));

vi.mock("~/lib/toast", () => ({ toast }));
vi.mock("~/hooks/use-mobile", () => ({ useIsMobile: () => false }));
vi.mock("./queries", () => {
  const mutation = (fn: (input: unknown) => Promise<unknown>) => () => ({
    mutateAsync: fn,
    mutate: (input: unknown, o?: { onSuccess?: () => void; onError?: (e: unknown) => void }) => fn(input).then(() => o?.onSuccess?.(), (e) => o?.onError?.(e)),
    isPending: false,
  });
  return {
    useCatalogue: () => ({ data: { plans: state.plans }, isError: false, error: null, refetch: vi.fn() }),
    useCreatePlan: mutation(m.create),
    useUpdatePlan: mutation(m.update),
    useReorderPlans: mutation(m.reorder),
  };
});

const { CataloguePanel } = await import("./catalogue-panel");

function plan(market: "local" | "foreign", months: number, sortOrder: number, over: Partial<CataloguePlanDto> = {}): CataloguePlanDto {
  const terms = { bonusDays: months === 3 ? 15 : 0, keyChanges: months * 2, ...over };
  return {
    id: `${market}-${months}m`,
    title: months === 1 ? "1 Month" : `${months} Months`,
    months,
    market,
    priceMills: months * 10_000 - 10,
    price: "",
    periodDays: months * 30,
    isPopular: months === 3,
    features: planFeatures(terms).map(featureText),
    featureList: planFeatures(terms),
    active: true,
    sortOrder,
    volumeTiers: [],
    updatedAt: "2026-11-27T00:00:00.000Z",
    ...terms,
  };
}

const section = (market: string) => document.querySelector<HTMLElement>(`section[data-market="${market}"]`)!;
const titles = (market: string) => within(section(market)).getAllByTestId("plan-title").map((el) => el.textContent);

beforeEach(() => {
  // Stored out of order: the page shows them by place.
  state.plans = [plan("local", 12, 3), plan("local", 1, 1), plan("local", 3, 2), plan("foreign", 1, 1), plan("foreign", 3, 2, { active: false })];
  m.create.mockResolvedValue({});
  m.update.mockResolvedValue({});
  m.reorder.mockResolvedValue({ plans: [] });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe("CataloguePanel", () => {
  it("shows each price list's plans in order, with prices, terms and status", () => {
    renderInLanguage("en", <CataloguePanel />);
    expect(titles("local")).toEqual(["1 Month", "3 Months", "12 Months"]);
    expect(titles("foreign")).toEqual(["1 Month", "3 Months"]);
    const row = section("local").querySelector<HTMLElement>('[data-plan="local-3m"]')!;
    expect(within(row).getByTestId("plan-price").textContent).toBe("$29.99");
    expect(within(row).getByText("+15 bonus days")).toBeTruthy();
    expect(within(row).getByText("Popular")).toBeTruthy();
    const retired = section("foreign").querySelector<HTMLElement>('tr[data-plan="foreign-3m"]')!;
    expect(within(retired).getByText("Retired")).toBeTruthy();
    expect(within(retired).getByRole("button", { name: "Put back on sale" })).toBeTruthy();
  });

  it("titles the plans in Khmer when Khmer is chosen", () => {
    renderInLanguage("km", <CataloguePanel />);
    expect(titles("local")).toEqual(["1 ខែ", "3 ខែ", "12 ខែ"]);
    expect(screen.getByRole("heading", { name: "បញ្ជីតម្លៃក្នុងស្រុក" })).toBeTruthy();
  });

  it("sends an edited price as integer mills and says so", async () => {
    renderInLanguage("en", <CataloguePanel />);
    await click("Edit 3 Months", section("local"));
    const dialog = screen.getByRole("dialog");
    expect((within(dialog).getByLabelText("Price in dollars") as HTMLInputElement).value).toBe("29.99");
    type("Price in dollars", "34.50");
    await click("Save", dialog);
    expect(m.update).toHaveBeenCalledWith({ id: "local-3m", body: { priceMills: 34_500, periodDays: 90, bonusDays: 15, keyChanges: 6, isPopular: true, volumeTiers: [] } });
    expect(toast.success).toHaveBeenCalledWith("Plan saved", { description: "3 Months" });
  });

  it("refuses a price out of bounds or in fractions of a cent before asking the server", async () => {
    renderInLanguage("en", <CataloguePanel />);
    await click("Edit 1 Month", section("local"));
    for (const price of ["0.99", "10000.01", "9.995", "abc"]) {
      type("Price in dollars", price);
      await click("Save", screen.getByRole("dialog"));
      expect(screen.getByText("Enter a price from $1 to $10,000 in whole cents")).toBeTruthy();
    }
    expect(m.update).not.toHaveBeenCalled();
  });

  it("retires a plan after the confirmation, and shows a refusal in the table's words", async () => {
    m.update.mockRejectedValueOnce(new ApiError("LAST_PLAN_ON_SALE", "A price list needs at least one plan on sale.", 409));
    renderInLanguage("en", <CataloguePanel />);
    const row = section("foreign").querySelector<HTMLElement>('tr[data-plan="foreign-1m"]')!;
    await click("Retire", row);
    const dialog = screen.getByRole("dialog");
    expect(within(dialog).getByText(/Licences already sold are untouched, and checkouts already open are honoured/)).toBeTruthy();
    await click("Retire plan", dialog);
    expect(m.update).toHaveBeenCalledWith({ id: "foreign-1m", body: { active: false } });
    expect(toast.error).toHaveBeenCalledWith("Error", { description: "A price list needs at least one plan on sale." });
  });

  it("moves a plan up by sending the market's full list in its new order", async () => {
    renderInLanguage("en", <CataloguePanel />);
    expect((within(section("local")).getByRole("button", { name: "Move 1 Month up" }) as HTMLButtonElement).disabled).toBe(true);
    await click("Move 12 Months up", section("local"));
    expect(m.reorder).toHaveBeenCalledWith({ market: "local", planIds: ["local-1m", "local-12m", "local-3m"] });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Order saved"));
  });

  it("adds a plan with the default period, and puts the server's field issues on the form", async () => {
    renderInLanguage("en", <CataloguePanel />);
    await click("Add plan");
    const dialog = screen.getByRole("dialog");
    type("Length in months", "6");
    expect(within(dialog).getByText("Leave empty for 180 days (30 a month, 365 a year)")).toBeTruthy();
    type("Price in dollars", "55");
    type("Key changes", "20");
    await click("Add plan", dialog);
    expect(m.create).toHaveBeenCalledWith({ market: "local", months: 6, priceMills: 55_000, bonusDays: 0, keyChanges: 20, isPopular: false });

    m.create.mockRejectedValueOnce(new ApiError("VALIDATION_FAILED", "Invalid input", 400, [{ path: "keyChanges", message: "Too big" }]));
    await click("Add plan");
    const again = screen.getByRole("dialog");
    type("Length in months", "6");
    type("Price in dollars", "55");
    type("Key changes", "20");
    await click("Add plan", again);
    expect(within(again).getByText("Enter a whole number from 0 to 1,000")).toBeTruthy();
  });

  it("previews the landing's cards from the plans on sale, in English or Khmer", async () => {
    renderInLanguage("en", <CataloguePanel />);
    const preview = screen.getByTestId("preview-foreign");
    expect(within(preview).queryAllByRole("heading", { level: 4 }).map((h) => h.textContent)).toEqual(["1 Month"]);
    const local = screen.getByTestId("preview-local");
    expect(within(local).getByText("+15 Days Free")).toBeTruthy();
    fireEvent.click(within(local).getByRole("button", { name: "ខ្មែរ" }));
    expect(within(local).getAllByRole("heading", { level: 4 }).map((h) => h.textContent)).toEqual(["1 ខែ", "3 ខែ", "12 ខែ"]);
    expect(within(local).getByText("ប្ដូរឧបករណ៍បាន 6 ដង")).toBeTruthy();
  });
});

describe("volume tiers", () => {
  const tiers = [
    { minQuantity: 10, percentOff: 5 },
    { minQuantity: 50, percentOff: 10 },
  ];
  const editLocal1m = async () => {
    await click("Edit 1 Month", section("local"));
    return screen.getByRole("dialog");
  };

  it("shows a plan's tiers in its row, in English and Khmer", () => {
    state.plans = [plan("local", 1, 1, { volumeTiers: tiers }), plan("local", 3, 2)];
    renderInLanguage("en", <CataloguePanel />);
    const row = section("local").querySelector<HTMLElement>('[data-plan="local-1m"]')!;
    expect(within(row).getByTestId("plan-tiers").textContent).toBe("Bulk: from 10: 5% off · from 50: 10% off");
    expect(section("local").querySelector('[data-plan="local-3m"] [data-testid="plan-tiers"]')).toBeNull();
    cleanup();
    renderInLanguage("km", <CataloguePanel />);
    expect(within(section("local")).getByTestId("plan-tiers").textContent).toBe("ទិញច្រើន៖ ចាប់ពី 10៖ បញ្ចុះ 5% · ចាប់ពី 50៖ បញ្ចុះ 10%");
  });

  it("adds, edits and removes tiers, saved with the plan's update", async () => {
    state.plans = [plan("local", 1, 1, { volumeTiers: tiers })];
    renderInLanguage("en", <CataloguePanel />);
    const dialog = await editLocal1m();
    expect(within(dialog).getByRole("group", { name: "Volume discounts for resellers" })).toBeTruthy();
    expect((within(dialog).getByLabelText("Tier 2: from how many licences") as HTMLInputElement).value).toBe("50");
    await click("Add tier", dialog);
    expect((within(dialog).getByLabelText("Tier 3: from how many licences") as HTMLInputElement).value).toBe("60");
    expect((within(dialog).getByLabelText("Tier 3: percent off") as HTMLInputElement).value).toBe("15");
    type("Tier 3: from how many licences", "100");
    type("Tier 3: percent off", "20");
    await click("Remove tier 1", dialog);
    await click("Save", dialog);
    expect(m.update).toHaveBeenCalledWith({
      id: "local-1m",
      body: expect.objectContaining({ volumeTiers: [{ minQuantity: 50, percentOff: 10 }, { minQuantity: 100, percentOff: 20 }] }),
    });
  });

  it("refuses tiers out of order, over 50 percent or under 2 licences before asking the server, in the reader's language", async () => {
    state.plans = [plan("local", 1, 1, { volumeTiers: tiers })];
    renderInLanguage("en", <CataloguePanel />);
    let dialog = await editLocal1m();
    type("Tier 2: from how many licences", "10");
    await click("Save", dialog);
    expect(within(dialog).getByText("Each tier must start at more licences than the one before")).toBeTruthy();
    expect(within(dialog).getByLabelText("Tier 2: from how many licences").getAttribute("aria-invalid")).toBe("true");
    type("Tier 2: from how many licences", "50");
    type("Tier 2: percent off", "60");
    type("Tier 1: from how many licences", "1");
    await click("Save", dialog);
    expect(within(dialog).getByText("A tier takes 1 to 50 percent off")).toBeTruthy();
    expect(within(dialog).getByText("A tier starts at 2 to 500 licences")).toBeTruthy();
    expect(m.update).not.toHaveBeenCalled();
    cleanup();

    renderInLanguage("km", <CataloguePanel />);
    await click("កែ 1 ខែ", section("local"));
    dialog = screen.getByRole("dialog");
    type("កម្រិតទី 2៖ បញ្ចុះប៉ុន្មានភាគរយ", "60");
    await click("រក្សាទុក", dialog);
    expect(within(dialog).getByText("កម្រិតនីមួយៗបញ្ចុះពី 1 ដល់ 50 ភាគរយ")).toBeTruthy();
    expect(m.update).not.toHaveBeenCalled();
  });

  it("puts the server's tier issues on the row they name", async () => {
    m.update.mockRejectedValueOnce(new ApiError("VALIDATION_FAILED", "Invalid input", 422, [{ path: "volumeTiers.1.minQuantity", message: "Each tier must start at more licences than the one before" }]));
    state.plans = [plan("local", 1, 1, { volumeTiers: tiers })];
    renderInLanguage("en", <CataloguePanel />);
    const dialog = await editLocal1m();
    await click("Save", dialog);
    expect(within(dialog).getByLabelText("Tier 2: from how many licences").getAttribute("aria-invalid")).toBe("true");
    expect(within(dialog).getByText("Each tier must start at more licences than the one before")).toBeTruthy();
  });
});
