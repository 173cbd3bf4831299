// The landing's pricing (spec: 'Choose Your Perfect Plan', Local by default or Foreigner; Local
// cards 'Get Started', Foreigner cards 'Contact on Telegram' in a new tab; 3 Months 'Most
// Popular'), the price-list switch as a radio group from the keyboard, in English and Khmer.
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import { PLAN_CATALOGUE } from "../../../../contracts/plan-catalogue";
import { SITE } from "../../../../contracts/site";
import { registerNamespace } from "~/lib/i18n";
import enLanding from "~/locales/en/landing.json";
import { renderInLanguage } from "~/test/render";

import { PricingSection } from "./pricing-section";

// As the landing route does (web/app/routes/home.tsx).
registerNamespace("landing", { en: enLanding });

afterEach(cleanup);

function renderPricing(lng: "en" | "km" = "en") {
  const onChoosePlan = vi.fn();
  const { container } = renderInLanguage(lng, <PricingSection plans={PLAN_CATALOGUE} onChoosePlan={onChoosePlan} prefetch={() => undefined} />);
  const list = (market: string) => container.querySelector<HTMLElement>(`[data-market-plans="${market}"]`)!;
  return { onChoosePlan, list };
}

function cards(list: HTMLElement) {
  return within(list)
    .getAllByRole("heading", { level: 3 })
    .map((heading) => {
      const card = heading.closest("li")!;
      return { title: heading.textContent, price: within(card).getByTestId("plan-price").textContent };
    });
}

describe("the pricing section", () => {
  it("shows the local price list first, its three plans with the spec's price list, and Get Started", () => {
    const { list } = renderPricing();
    expect(screen.getByRole("heading", { name: "Choose Your Perfect Plan" })).toBeTruthy();
    expect(screen.getByRole("radio", { name: "Local" }).getAttribute("aria-checked")).toBe("true");
    expect(list("local").hidden).toBe(false);
    expect(list("foreign").hidden).toBe(true);
    expect(cards(list("local"))).toEqual([
      { title: "1 Month", price: "$9.99" },
      { title: "3 Months", price: "$29.99" },
      { title: "12 Months", price: "$119.99" },
    ]);
    const popular = within(list("local")).getByText("Most Popular").closest("li")!;
    expect(within(popular).getByRole("heading").textContent).toBe("3 Months");
    expect(within(list("local")).getAllByRole("button", { name: "Get Started" })).toHaveLength(3);
  });

  it("passes the chosen plan on from Get Started", () => {
    const { list, onChoosePlan } = renderPricing();
    const threeMonths = within(list("local")).getByRole("heading", { name: "3 Months" }).closest("li")!;
    fireEvent.click(within(threeMonths).getByRole("button", { name: "Get Started" }));
    expect(onChoosePlan).toHaveBeenCalledTimes(1);
    expect(onChoosePlan.mock.calls[0]?.[0]).toMatchObject({ market: "local", priceMills: 29_990 });
  });

  it("switches to the Foreigner list, whose cards open the seller's Telegram in a new tab", () => {
    const { list, onChoosePlan } = renderPricing();
    fireEvent.click(screen.getByRole("radio", { name: "Foreigner" }));
    expect(list("local").hidden).toBe(true);
    expect(list("foreign").hidden).toBe(false);
    expect(screen.getByText("Prices for customers outside Cambodia").closest("[hidden]")).toBeNull();
    expect(cards(list("foreign")).map((card) => card.price)).toEqual(["$15.99", "$47.99", "$179.99"]);
    const links = within(list("foreign")).getAllByRole("link", { name: /Contact on Telegram/ });
    expect(links).toHaveLength(3);
    for (const link of links) {
      expect(link.getAttribute("href")).toBe(SITE.links.sellerTelegram);
      expect(link.getAttribute("target")).toBe("_blank");
    }
    expect(within(list("foreign")).queryByRole("button", { name: "Get Started" })).toBeNull();
    expect(onChoosePlan).not.toHaveBeenCalled();
  });

  it("moves between the price lists with the arrow keys, with one tab stop", () => {
    renderPricing();
    const local = screen.getByRole("radio", { name: "Local" });
    const foreign = screen.getByRole("radio", { name: "Foreigner" });
    expect([local.tabIndex, foreign.tabIndex]).toEqual([0, -1]);
    local.focus();
    fireEvent.keyDown(local, { key: "ArrowRight" });
    expect(foreign.getAttribute("aria-checked")).toBe("true");
    expect(document.activeElement).toBe(foreign);
    expect([local.tabIndex, foreign.tabIndex]).toEqual([-1, 0]);
    // Wraps around.
    fireEvent.keyDown(foreign, { key: "ArrowRight" });
    expect(local.getAttribute("aria-checked")).toBe("true");
    fireEvent.keyDown(local, { key: "ArrowUp" });
    expect(foreign.getAttribute("aria-checked")).toBe("true");
  });

  it("in Khmer: the heading, the switch, the buttons and the guarantee", () => {
    const { list } = renderPricing("km");
    expect(screen.getByRole("heading", { name: "ជ្រើសរើសគម្រោងដែលស័ក្ដិសមបំផុតសម្រាប់អ្នក" })).toBeTruthy();
    const group = screen.getByRole("radiogroup", { name: "បញ្ជីតម្លៃ" });
    expect(within(group).getAllByRole("radio").map((radio) => radio.textContent)).toEqual(["អ្នកក្នុងស្រុក", "ជនបរទេស"]);
    expect(within(list("local")).getAllByRole("button", { name: "ចាប់ផ្ដើម" })).toHaveLength(3);
    expect(within(list("local")).getByText("ពេញនិយមបំផុត")).toBeTruthy();
    expect(within(list("foreign")).getAllByRole("link", { name: /ទាក់ទងតាម Telegram/, hidden: true })).toHaveLength(3);
    expect(screen.getByText(`ធានាសងប្រាក់វិញក្នុង ${SITE.refundWindowDays} ថ្ងៃ · ផ្ញើលេខកូដអាជ្ញាប័ណ្ណតាមអ៊ីមែល`)).toBeTruthy();
  });
});
