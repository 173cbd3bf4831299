// The OTP history's date filter (spec: a two-month calendar with 'Clear dates', and Today /
// Yesterday / Last 7 Days beside it): the days each quick range means in the shop's calendar, which
// one is pressed, clearing, and choosing a range in the calendar from its labelled day buttons.
import { act, cleanup, fireEvent, screen, within } from "@testing-library/react";
import { useState } from "react";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";

import type { Language } from "~/lib/i18n";
import { renderInLanguage } from "~/test/render";

import { DateRangeFilter } from "./date-range-filter";
import { NO_RANGE, type DateRange } from "./date-range";

// 23 November 2026, 01:30 in Phnom Penh: still the 22nd in UTC.
beforeAll(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-11-22T18:30:00.000Z"));
});
afterAll(() => vi.useRealTimers());
afterEach(cleanup);

function Filter({ initial, onChange }: { initial: DateRange; onChange: (range: DateRange) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <DateRangeFilter
      value={value}
      onChange={(range) => {
        setValue(range);
        onChange(range);
      }}
    />
  );
}

function renderFilter(initial: DateRange = NO_RANGE, lng: Language = "en") {
  const onChange = vi.fn();
  renderInLanguage(lng, <Filter initial={initial} onChange={onChange} />);
  return { onChange };
}

const pressed = () => screen.getAllByRole("button", { pressed: true }).map((b) => b.textContent);

describe("the date filter", () => {
  it("shows all dates at first, with nothing to clear and no quick range pressed", () => {
    renderFilter();
    expect(screen.getByRole("button", { name: "Filter by date All dates" })).toBeTruthy();
    expect((screen.getByRole("button", { name: "Clear dates" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryAllByRole("button", { pressed: true })).toEqual([]);
    expect(within(screen.getByRole("group", { name: "Quick date ranges" })).getAllByRole("button").map((b) => b.textContent)).toEqual([
      "Today",
      "Yesterday",
      "Last 7 Days",
    ]);
  });

  it("counts Today, Yesterday and the Last 7 Days from the shop's today, and presses the one chosen", () => {
    const { onChange } = renderFilter();
    fireEvent.click(screen.getByRole("button", { name: "Today" }));
    expect(onChange).toHaveBeenLastCalledWith({ from: "2026-11-23", to: "2026-11-23" });
    expect(pressed()).toEqual(["Today"]);
    fireEvent.click(screen.getByRole("button", { name: "Yesterday" }));
    expect(onChange).toHaveBeenLastCalledWith({ from: "2026-11-22", to: "2026-11-22" });
    expect(pressed()).toEqual(["Yesterday"]);
    fireEvent.click(screen.getByRole("button", { name: "Last 7 Days" }));
    expect(onChange).toHaveBeenLastCalledWith({ from: "2026-11-17", to: "2026-11-23" });
    expect(pressed()).toEqual(["Last 7 Days"]);
    expect(screen.getByTestId("date-range-trigger").textContent).toMatch(/17.*Nov.*23.*2026/);
  });

  it("clears back to all dates", () => {
    const { onChange } = renderFilter({ from: "2026-11-01", to: "2026-11-05" });
    expect(screen.queryAllByRole("button", { pressed: true })).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: "Clear dates" }));
    expect(onChange).toHaveBeenCalledWith(NO_RANGE);
    expect(screen.getByTestId("date-range-trigger").textContent).toBe("All dates");
  });

  it("chooses a range in the calendar: the first day, then the last", async () => {
    const { onChange } = renderFilter();
    await act(async () => {
      fireEvent.click(screen.getByTestId("date-range-trigger"));
    });
    const calendar = await screen.findByRole("dialog", { name: "Choose dates" }, { timeout: 5_000 });
    expect(within(calendar).getByText("Choose the first day, then the last day.")).toBeTruthy();
    fireEvent.click(within(calendar).getByRole("button", { name: /November 10/ }));
    expect(within(calendar).getByText("Now choose the last day.")).toBeTruthy();
    fireEvent.click(within(calendar).getByRole("button", { name: /November 12/ }));
    expect(onChange).toHaveBeenLastCalledWith({ from: "2026-11-10", to: "2026-11-12" });
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

describe("the date filter in Khmer", () => {
  it("says its label, the quick ranges and Clear dates in Khmer", () => {
    const { onChange } = renderFilter(NO_RANGE, "km");
    expect(screen.getByRole("button", { name: "តម្រងតាមកាលបរិច្ឆេទ គ្រប់កាលបរិច្ឆេទ" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "ម្សិលមិញ" }));
    expect(onChange).toHaveBeenLastCalledWith({ from: "2026-11-22", to: "2026-11-22" });
    expect(pressed()).toEqual(["ម្សិលមិញ"]);
    expect(screen.getByRole("button", { name: "សម្អាតកាលបរិច្ឆេទ" })).toBeTruthy();
    expect(screen.getByRole("group", { name: "ចន្លោះកាលបរិច្ឆេទរហ័ស" })).toBeTruthy();
  });
});
