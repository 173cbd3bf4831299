// The Overview's Shop health card (decision 064): each figure with its state in words (OK, Needs
// attention, Not configured), as a labelled list, in English and Khmer; the jobs' lag, the
// backlogs' ages, the backup, the open incidents.
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { renderInLanguage } from "~/test/render";

import type { ShopHealth } from "./api";

const state = vi.hoisted(() => ({ data: undefined as unknown, error: null as unknown }));
vi.mock("./queries", () => ({ useShopHealth: () => ({ data: state.data, isError: state.error !== null, error: state.error }) }));

const { ShopHealthCard } = await import("./shop-health-card");

const backlog = { pending: 0, retrying: 0, due: 0, failed: 0, oldestDueSeconds: null, backedUp: false };
const healthy = (): ShopHealth => ({
  generatedAt: "2026-11-27T05:00:00.000Z",
  workers: [
    { name: "order-reconciler", everySeconds: 10, lastSuccessAt: "2026-11-27T04:59:55.000Z", lagSeconds: 5, failingInARow: 0, stalled: false },
    { name: "renewals", everySeconds: 600, lastSuccessAt: "2026-11-27T04:55:00.000Z", lagSeconds: 300, failingInARow: 0, stalled: false },
  ],
  emailOutbox: { ...backlog, pending: 2 },
  deliveries: { ...backlog },
  reconciliation: { at: "2026-11-27T04:59:55.000Z", checked: 3, settled: 1, refundsApplied: 0, stalled: false },
  backup: { configured: true, lastAt: "2026-11-27T03:00:00.000Z", lastOk: true, lastError: null, lastGoodAt: "2026-11-27T03:00:00.000Z", failed: false },
  openIncidents: [],
  attention: false,
});
const troubled = (): ShopHealth => ({
  ...healthy(),
  workers: [{ name: "renewals", everySeconds: 600, lastSuccessAt: "2026-11-27T04:00:00.000Z", lagSeconds: 3600, failingInARow: 4, stalled: true }],
  emailOutbox: { pending: 130, retrying: 5, due: 120, failed: 1, oldestDueSeconds: 1260, backedUp: true },
  reconciliation: null,
  backup: { configured: true, lastAt: "2026-11-27T03:00:00.000Z", lastOk: false, lastError: "disk full", lastGoodAt: null, failed: true },
  openIncidents: [
    { kind: "outbox_backlog", openedAt: "2026-11-27T04:40:00.000Z" },
    { kind: "worker_stalled:renewals", openedAt: "2026-11-27T04:30:00.000Z" },
  ],
  attention: true,
});

beforeEach(() => {
  state.data = healthy();
  state.error = null;
});
afterEach(cleanup);

/** Each figure's label and its state's words, as a screen reader meets them. */
const rows = () => {
  const list = screen.getByTestId("shop-health").querySelector("dl")!;
  return Array.from(list.children).map((row) => [row.querySelector("dt")!.textContent, row.querySelector("[data-state]")!.textContent]);
};

describe("the Shop health card", () => {
  it("says every figure is OK in words, with the jobs' lag and the backlog", () => {
    renderInLanguage("en", <ShopHealthCard />);
    const card = screen.getByTestId("shop-health");
    expect(within(card).getByRole("heading", { name: "Shop health" })).toBeTruthy();
    expect(within(card).getByText(/^Everything is running normally\./)).toBeTruthy();
    expect(screen.getByLabelText("Shop health figures").tagName).toBe("DL");
    expect(rows()).toEqual([
      ["Background jobs", "OK"],
      ["E-mail outbox", "OK"],
      ["Webhook and Telegram deliveries", "OK"],
      ["Last payment reconciliation", "OK"],
      ["Last backup", "OK"],
      ["Open incidents", "OK"],
    ]);
    const jobs = within(screen.getByRole("list", { name: "Background jobs" })).getAllByRole("listitem").map((li) => li.textContent);
    expect(jobs).toEqual(["Payment reconcilerlast finished 5 s ago", "Renewal reminderslast finished 5 min ago"]);
    expect(screen.getByTestId("health-outbox").textContent).toContain("0 due now, 2 waiting, 0 being retried, 0 given up; nothing due");
    expect(screen.getByTestId("health-reconciliation").textContent).toContain("3 payments checked, 1 settled, 0 refunds applied");
    expect(screen.getByTestId("health-incidents").textContent).toContain("None");
  });

  it("says what needs attention: a stalled job, a backed-up outbox with its oldest's age, a failed backup, the open incidents", () => {
    state.data = troubled();
    renderInLanguage("en", <ShopHealthCard />);
    expect(screen.getByText(/^Something needs your attention\./)).toBeTruthy();
    expect(rows()).toEqual([
      ["Background jobs", "Needs attention"],
      ["E-mail outbox", "Needs attention"],
      ["Webhook and Telegram deliveries", "OK"],
      ["Last payment reconciliation", "Not running on this server"],
      ["Last backup", "Needs attention"],
      ["Open incidents", "Needs attention"],
    ]);
    expect(screen.getByTestId("health-workers").textContent).toContain("last finished 60 min ago; 4 failed passes in a row");
    expect(screen.getByTestId("health-outbox").textContent).toContain("120 due now, 130 waiting, 5 being retried, 1 given up; oldest due: 21 min");
    expect(screen.getByTestId("health-backup").textContent).toMatch(/failed \(disk full\); no good backup yet/);
    const incidents = within(screen.getByRole("list", { name: "Open incidents" })).getAllByRole("listitem").map((li) => li.textContent);
    expect(incidents.map((text) => text!.split(" · ")[0])).toEqual(["Outbox backing up", "Stalled job: Renewal reminders"]);
  });

  it("says scheduled backups are off when BACKUP_EVERY is unset", () => {
    state.data = { ...healthy(), backup: { configured: false, lastAt: null, lastOk: null, lastError: null, lastGoodAt: null, failed: false } };
    renderInLanguage("en", <ShopHealthCard />);
    expect(rows()[4]).toEqual(["Last backup", "Not configured"]);
    expect(screen.getByTestId("health-backup").textContent).toContain("Scheduled backups are off (set BACKUP_EVERY).");
  });

  it("reads in Khmer, OK and needing attention", () => {
    renderInLanguage("km", <ShopHealthCard />);
    expect(screen.getByRole("heading", { name: "សុខភាពហាង" })).toBeTruthy();
    expect(rows().map(([, s]) => s)).toEqual(["ល្អ", "ល្អ", "ល្អ", "ល្អ", "ល្អ", "ល្អ"]);
    expect(rows()[0]![0]).toBe("ការងារផ្ទៃខាងក្រោយ");
    cleanup();
    state.data = troubled();
    renderInLanguage("km", <ShopHealthCard />);
    expect(screen.getByText(/^មានបញ្ហាដែលអ្នកត្រូវពិនិត្យ។/)).toBeTruthy();
    expect(rows().map(([, s]) => s)).toEqual(["ត្រូវការការពិនិត្យ", "ត្រូវការការពិនិត្យ", "ល្អ", "មិនដំណើរការលើម៉ាស៊ីនមេនេះទេ", "ត្រូវការការពិនិត្យ", "ត្រូវការការពិនិត្យ"]);
    expect(screen.getByTestId("health-outbox").textContent).toContain("ចាស់ជាងគេ៖ 21 នាទី");
    expect(screen.getByText(/ការងារជាប់គាំង៖ ការរំលឹកបន្តអាជ្ញាប័ណ្ណ/)).toBeTruthy();
  });

  it("says so when the figures cannot be read", () => {
    state.data = undefined;
    state.error = new Error("Network down");
    renderInLanguage("en", <ShopHealthCard />);
    expect(screen.getByText(/^Could not read the shop's health/)).toBeTruthy();
  });
});
