// A webhook's delivery log: each delivery's last response, the status filter's request and its empty
// state, Replay with its toasts (the 'being sent right now' refusal), and a delivery's details
// (the body pretty-printed, every attempt), in English and Khmer (issue #31).
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { ApiError } from "~/lib/api";
import type { Language } from "~/lib/i18n";
import { renderInLanguage } from "~/test/render";

import type { Delivery, DeliveryDetail, DeliveryParams } from "./api";

const state = vi.hoisted(() => ({
  deliveries: [] as unknown[],
  lastParams: null as DeliveryParams | null,
  detail: undefined as unknown,
  detailId: null as string | null,
}));
const replay = vi.hoisted(() => vi.fn());
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));

vi.mock("~/lib/toast", () => ({ toast }));
vi.mock("~/hooks/use-mobile", () => ({ useIsMobile: () => false }));
vi.mock("./queries", () => ({
  useDeliveries: (params: DeliveryParams) => {
    state.lastParams = params;
    return {
      data: { deliveries: state.deliveries, total: state.deliveries.length, page: 1, pageSize: 20 },
      isError: false,
      error: null,
      isFetching: false,
      isPlaceholderData: false,
      refetch: vi.fn(),
    };
  },
  useDelivery: (id: string | null) => {
    state.detailId = id;
    return { data: id ? state.detail : undefined, isError: false };
  },
  useReplayDelivery: () => ({ mutateAsync: replay, isPending: false }),
}));

const { DeliveryLog } = await import("./delivery-log");

const delivery = (over: Partial<Delivery>): Delivery => ({
  id: "d1",
  eventId: "e1",
  eventType: "order.paid",
  channel: "webhook",
  endpointId: "w1",
  target: "https://books.example.com/hook",
  status: "delivered",
  attempts: 1,
  lastStatus: 200,
  lastError: null,
  lastResponse: "ok",
  lastAttemptAt: "2026-11-22T05:00:01.000Z",
  nextAttemptAt: null,
  deliveredAt: "2026-11-22T05:00:01.000Z",
  createdAt: "2026-11-22T05:00:00.000Z",
  ...over,
});

function renderLog(lng: Language = "en", target: DeliveryParams["target"] = { kind: "endpoint", id: "w1" }) {
  return renderInLanguage(lng, <DeliveryLog target={target} title="https://books.example.com/hook" />);
}

beforeEach(() => {
  state.deliveries = [
    delivery({}),
    delivery({ id: "d2", eventType: "balance.low", status: "failed", attempts: 8, lastStatus: 500, lastResponse: "", lastError: "Internal Server Error" }),
    delivery({ id: "d3", eventType: "licence.created", status: "pending", attempts: 2, lastStatus: null, lastError: "Connection refused", lastResponse: null, nextAttemptAt: "2026-11-22T06:00:00.000Z" }),
    delivery({ id: "d4", eventType: "order.refunded", status: "pending", attempts: 0, lastStatus: null, lastAttemptAt: null, lastResponse: null }),
  ];
  state.detail = undefined;
  replay.mockReset();
  toast.success.mockReset();
  toast.error.mockReset();
});
afterEach(cleanup);

const cells = (row: HTMLElement) => Array.from(row.querySelectorAll("td")).map((td) => td.textContent);

describe("the delivery log", () => {
  it("says each delivery's status, attempts and last response", () => {
    renderLog();
    expect(screen.getAllByRole("columnheader").map((th) => th.textContent)).toEqual(["Time", "Event", "Status", "Attempts", "Last response", "Actions"]);
    const [, ok, failed, retrying, waiting] = screen.getAllByRole("row");
    expect(cells(ok!).slice(1, 5)).toEqual(["order.paid", "Delivered", "1", "HTTP 200ok"]);
    expect(cells(failed!).slice(1, 5)).toEqual(["balance.low", "Failed", "8", "HTTP 500Internal Server Error"]);
    expect(cells(retrying!)[2]).toMatch(/^PendingNext try /);
    expect(cells(retrying!)[4]).toBe("Connection refused");
    expect(cells(waiting!)[4]).toBe("Not attempted yet");
  });

  it("asks for one status when filtered, and says there is none", () => {
    state.deliveries = [];
    renderLog();
    expect(state.lastParams).toEqual({ target: { kind: "endpoint", id: "w1" }, status: undefined, page: 1, pageSize: 20 });
    expect(screen.getByText("No deliveries yet")).toBeTruthy();
    expect(screen.getByText("Each event this endpoint subscribes to appears here as it is sent.")).toBeTruthy();
    fireEvent.keyDown(screen.getByRole("combobox", { name: "Show" }), { key: "ArrowDown" });
    fireEvent.click(screen.getByRole("option", { name: "Failed" }));
    expect(state.lastParams).toMatchObject({ status: "failed", page: 1 });
    expect(screen.getByText("No failed deliveries")).toBeTruthy();
  });

  it("replays a delivery and says it is queued", async () => {
    replay.mockResolvedValue({});
    renderLog();
    fireEvent.click(screen.getByRole("button", { name: "Replay balance.low delivery" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Replay queued", { description: "balance.low is being sent again." }));
    expect(replay).toHaveBeenCalledWith("d2");
  });

  it("says a delivery being attempted right now cannot be replayed yet", async () => {
    replay.mockRejectedValue(new ApiError("CONFLICT", "Being attempted", 409));
    renderLog();
    fireEvent.click(screen.getByRole("button", { name: "Replay licence.created delivery" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Being sent right now", expect.objectContaining({ description: "This delivery is being attempted right now. Replay it once the attempt is over." })),
    );
  });

  it("reads in Khmer", () => {
    state.deliveries = [];
    renderLog("km", { kind: "telegram" });
    expect(screen.getByRole("heading", { name: "កំណត់ហេតុការផ្ញើ" })).toBeTruthy();
    expect(state.lastParams).toMatchObject({ target: { kind: "telegram" } });
  });
});

describe("a delivery's details", () => {
  const detail = (over: Partial<DeliveryDetail> = {}): DeliveryDetail => ({
    delivery: delivery({ id: "d2", eventType: "balance.low", status: "failed", lastStatus: 500 }),
    payload: '{"type":"balance.low","data":{"balanceMills":40}}',
    attemptLog: [
      { at: "2026-11-22T05:00:01.000Z", status: 500, error: null, response: "Internal Server Error", durationMs: 120 },
      { at: "2026-11-22T05:01:01.000Z", status: null, error: "Timed out", response: null, durationMs: 10_000 },
    ],
    ...over,
  });

  it("opens from the row, shows the body pretty-printed and every attempt, and closes on Escape", async () => {
    state.detail = detail();
    renderLog();
    fireEvent.click(screen.getByRole("button", { name: "Details of balance.low delivery" }));
    expect(state.detailId).toBe("d2");
    const dialog = screen.getByRole("dialog", { name: "Delivery details" });
    expect(within(dialog).getByText("to https://books.example.com/hook")).toBeTruthy();
    expect(within(dialog).getByRole("heading", { name: "Body" })).toBeTruthy();
    expect(dialog.querySelector("pre")!.textContent).toBe('{\n  "type": "balance.low",\n  "data": {\n    "balanceMills": 40\n  }\n}');
    const attempts = within(dialog).getAllByRole("listitem").map((li) => li.textContent);
    expect(attempts[0]).toMatch(/^HTTP 500.* · 120 msInternal Server Error$/);
    expect(attempts[1]).toMatch(/^Timed out.* · 10000 ms$/);
    fireEvent.keyDown(dialog, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("shows a Telegram message as sent, and says when nothing was attempted", () => {
    state.detail = detail({ delivery: delivery({ channel: "telegram", target: "chat 42" }), payload: "New sale: 3 Months", attemptLog: [] });
    renderLog();
    fireEvent.click(screen.getByRole("button", { name: "Details of order.paid delivery" }));
    const dialog = screen.getByRole("dialog");
    expect(within(dialog).getByRole("heading", { name: "Message" })).toBeTruthy();
    expect(dialog.querySelector("pre")!.textContent).toBe("New sale: 3 Months");
    expect(within(dialog).getByText("Not attempted yet.")).toBeTruthy();
  });
});
