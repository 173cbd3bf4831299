// The Webhooks page (super-admin): Telegram's state, the endpoints with their events and status,
// the actions menu (pause, rotate with the new secret shown once, delete), adding one and its
// secret, the empty and error states, in English and Khmer (issue #31).
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { WEBHOOK_EVENT_TYPES } from "../../../../../contracts/notifications";
import { ApiError } from "~/lib/api";
import { renderInLanguage } from "~/test/render";

import type { WebhookEndpoint, WebhookList } from "./api";

const state = vi.hoisted(() => ({ data: undefined as unknown, error: null as unknown, logTarget: null as unknown }));
const m = vi.hoisted(() => ({ create: vi.fn(), update: vi.fn(), remove: vi.fn(), rotate: vi.fn(), replay: vi.fn() }));
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));

vi.mock("~/lib/toast", () => ({ toast }));
vi.mock("~/hooks/use-mobile", () => ({ useIsMobile: () => false }));
vi.mock("./queries", () => {
  const mutation = (fn: unknown) => () => ({ mutateAsync: fn, isPending: false });
  return {
    useWebhooks: () => ({ data: state.data, isError: state.error !== null, error: state.error, refetch: vi.fn() }),
    useDeliveries: (params: { target: unknown }) => {
      state.logTarget = params.target;
      return { data: { deliveries: [], total: 0, page: 1, pageSize: 20 }, isError: false, error: null, isFetching: false, isPlaceholderData: false, refetch: vi.fn() };
    },
    useDelivery: () => ({ data: undefined, isError: false }),
    useCreateWebhook: mutation(m.create),
    useUpdateWebhook: mutation(m.update),
    useDeleteWebhook: mutation(m.remove),
    useRotateSecret: mutation(m.rotate),
    useReplayDelivery: mutation(m.replay),
  };
});

const { WebhooksPanel } = await import("./webhooks-panel");

const endpoint = (over: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  id: "w1",
  url: "https://books.example.com/hook",
  description: "Bookkeeping",
  events: [...WEBHOOK_EVENT_TYPES],
  active: true,
  secretHint: "a1b2",
  previousSecretExpiresAt: null,
  createdAt: "2026-11-01T00:00:00.000Z",
  updatedAt: "2026-11-01T00:00:00.000Z",
  deliveries: { pending: 1, delivered: 3, failed: 2 },
  lastDeliveryAt: null,
  ...over,
});

const list = (over: Partial<WebhookList> = {}): WebhookList => ({
  endpoints: [endpoint(), endpoint({ id: "w2", url: "https://crm.example.com/in", description: "", events: ["order.paid", "balance.low"], active: false })],
  eventTypes: WEBHOOK_EVENT_TYPES.map((type) => ({ type, description: type })),
  telegram: { mode: "bot", events: ["order.paid", "refund.requested"], chats: 1, deliveries: { pending: 0, delivered: 5, failed: 0 } },
  ...over,
});

beforeEach(() => {
  state.data = list();
  state.error = null;
  state.logTarget = null;
  for (const fn of [...Object.values(m), toast.success, toast.error]) fn.mockReset();
});
afterEach(cleanup);

/** The Telegram card (each endpoint row has a 'Deliveries' button of its own). */
const telegramCard = () => within(screen.getByRole("heading", { name: "Telegram" }).closest<HTMLElement>('[data-slot="card"]')!);
const rowOf = (url: string) => screen.getAllByRole("row").find((r) => r.textContent?.includes(url))!;

function openMenu(url: string, item: string) {
  fireEvent.keyDown(screen.getByRole("button", { name: `Actions for ${url}` }), { key: "Enter" });
  fireEvent.click(screen.getByRole("menuitem", { name: item }));
}

describe("the Webhooks page", () => {
  it("says who hears what on Telegram", () => {
    renderInLanguage("en", <WebhooksPanel />);
    expect(screen.getByRole("heading", { level: 1, name: "Webhooks" })).toBeTruthy();
    expect(screen.getByText("The seller's chat hears about new sales, refund requests.")).toBeTruthy();
    cleanup();
    state.data = list({ telegram: { mode: "off", events: [], chats: 0, deliveries: { pending: 0, delivered: 0, failed: 0 } } });
    renderInLanguage("en", <WebhooksPanel />);
    expect(screen.getByText(/^Set TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID/)).toBeTruthy();
    expect(telegramCard().queryByRole("button", { name: "Telegram's deliveries" })).toBeNull();
  });

  it("lists each endpoint with its events, status and secret's hint, and shows the first one's log", () => {
    renderInLanguage("en", <WebhooksPanel />);
    const first = rowOf("https://books.example.com/hook");
    expect(within(first).getByText(`All ${WEBHOOK_EVENT_TYPES.length} events`)).toBeTruthy();
    expect(within(first).getByText("Active")).toBeTruthy();
    // The description and the secret's hint are the seller's data: shown as written, not translated.
    expect(within(first).getByText((_, el) => el?.textContent === "Bookkeeping · secret …a1b2" && el.tagName === "SPAN")).toBeTruthy();
    expect(within(first).getByText("Bookkeeping").getAttribute("translate")).toBe("no");
    expect(within(first).getByText("a1b2").getAttribute("translate")).toBe("no");
    const second = rowOf("https://crm.example.com/in");
    expect(within(second).getByText("Paused")).toBeTruthy();
    expect(within(second).getByText("order.paid")).toBeTruthy();
    expect(within(second).getByText("balance.low")).toBeTruthy();
    expect(state.logTarget).toEqual({ kind: "endpoint", id: "w1" });
    expect(screen.getByText("No deliveries yet")).toBeTruthy();
  });

  it("switches the log to Telegram's deliveries", () => {
    renderInLanguage("en", <WebhooksPanel />);
    const telegram = telegramCard().getByRole("button", { name: "Telegram's deliveries" });
    expect(telegram.getAttribute("aria-pressed")).toBe("false");
    fireEvent.click(telegram);
    expect(state.logTarget).toEqual({ kind: "telegram" });
    expect(telegramCard().getByRole("button", { name: "Telegram's deliveries" }).getAttribute("aria-pressed")).toBe("true");
    expect(within(rowOf("https://books.example.com/hook")).getByRole("button", { name: "Deliveries to https://books.example.com/hook" }).getAttribute("aria-pressed")).toBe("false");
    expect(screen.getByText("Messages to the seller's chat appear here.")).toBeTruthy();
  });

  it("says there are no endpoints yet, and 'Error fetching webhooks' when the list fails", () => {
    state.data = list({ endpoints: [] });
    renderInLanguage("en", <WebhooksPanel />);
    expect(screen.getByText("No endpoints yet")).toBeTruthy();
    cleanup();
    state.data = undefined;
    state.error = new ApiError("FORBIDDEN", "Only a super-admin can see webhooks", 403);
    renderInLanguage("en", <WebhooksPanel />);
    expect(screen.getByText("Only a super-admin can see webhooks")).toBeTruthy();
    expect(toast.error).toHaveBeenCalledWith("Error fetching webhooks", expect.objectContaining({ description: "Only a super-admin can see webhooks" }));
    expect(screen.getAllByRole("button", { name: "Add endpoint" })[0]!.hasAttribute("disabled")).toBe(true);
  });

  it("adds an endpoint and shows its signing secret once", async () => {
    m.create.mockResolvedValue({ secret: "whsec_new", endpoint: endpoint({ id: "w3", url: "https://new.example.com/h" }) });
    renderInLanguage("en", <WebhooksPanel />);
    fireEvent.click(screen.getAllByRole("button", { name: "Add endpoint" })[0]!);
    const dialog = screen.getByRole("dialog", { name: "Add endpoint" });
    fireEvent.change(within(dialog).getByLabelText("Endpoint URL"), { target: { value: "https://new.example.com/h" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Add endpoint" }));
    const secret = await screen.findByRole("dialog", { name: "Endpoint added" });
    expect((within(secret).getByLabelText("Signing secret") as HTMLInputElement).value).toBe("whsec_new");
    expect(within(secret).getByText(/^Copy it now: it is not shown again\./)).toBeTruthy();
    expect(within(secret).queryByText(/previous secret also signs/)).toBeNull();
    fireEvent.click(within(secret).getByRole("button", { name: "Done" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });
});

describe("an endpoint's actions", () => {
  it("pauses an active endpoint and resumes a paused one", async () => {
    m.update.mockResolvedValue({});
    renderInLanguage("en", <WebhooksPanel />);
    openMenu("https://books.example.com/hook", "Pause");
    await waitFor(() => expect(m.update).toHaveBeenCalledWith({ id: "w1", body: { active: false } }));
    expect(toast.success).toHaveBeenCalledWith("Endpoint paused", { description: "https://books.example.com/hook" });
    openMenu("https://crm.example.com/in", "Resume");
    await waitFor(() => expect(m.update).toHaveBeenCalledWith({ id: "w2", body: { active: true } }));
  });

  it("rotates the secret after a confirmation and shows the new one, saying the old one still signs", async () => {
    m.rotate.mockResolvedValue({ secret: "whsec_rotated", endpoint: endpoint() });
    renderInLanguage("en", <WebhooksPanel />);
    openMenu("https://books.example.com/hook", "Rotate secret");
    const confirm = screen.getByRole("dialog", { name: "Rotate the signing secret?" });
    fireEvent.click(within(confirm).getByRole("button", { name: "Rotate secret" }));
    const secret = await screen.findByRole("dialog", { name: "New signing secret" });
    expect(m.rotate).toHaveBeenCalledWith("w1");
    expect((within(secret).getByLabelText("Signing secret") as HTMLInputElement).value).toBe("whsec_rotated");
    expect(within(secret).getByText(/The previous secret also signs deliveries for the next 24 hours\.$/)).toBeTruthy();
  });

  it("copies the secret and says 'Copied!'", async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    m.rotate.mockResolvedValue({ secret: "whsec_rotated", endpoint: endpoint() });
    renderInLanguage("en", <WebhooksPanel />);
    openMenu("https://books.example.com/hook", "Rotate secret");
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Rotate secret" }));
    fireEvent.click(await screen.findByRole("button", { name: "Copy the signing secret" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Copied!", { description: "Signing secret copied to clipboard" }));
    expect(writeText).toHaveBeenCalledWith("whsec_rotated");
    expect(screen.getByRole("button", { name: "Copy the signing secret" }).textContent).toBe("Copied");
  });

  it("deletes after saying what stops, and keeps the confirmation open when refused", async () => {
    m.remove.mockRejectedValueOnce(new ApiError("CONFLICT", "It is being changed", 409)).mockResolvedValueOnce({});
    renderInLanguage("en", <WebhooksPanel />);
    openMenu("https://books.example.com/hook", "Delete");
    const confirm = screen.getByRole("dialog", { name: "Delete this endpoint?" });
    expect(within(confirm).getByText("Nothing more is sent to https://books.example.com/hook, and its delivery log is deleted with it.")).toBeTruthy();
    fireEvent.click(within(confirm).getByRole("button", { name: "Delete endpoint" }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Error", expect.objectContaining({ description: "It is being changed" })));
    expect(screen.getByRole("dialog")).toBeTruthy();
    fireEvent.click(within(confirm).getByRole("button", { name: "Delete endpoint" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(m.remove).toHaveBeenCalledWith("w1");
    expect(toast.success).toHaveBeenCalledWith("Endpoint deleted", { description: "https://books.example.com/hook" });
  });

  it("reads in Khmer: the menu and the delete confirmation", () => {
    renderInLanguage("km", <WebhooksPanel />);
    fireEvent.keyDown(screen.getByRole("button", { name: "សកម្មភាពសម្រាប់ https://books.example.com/hook" }), { key: "Enter" });
    expect(screen.getAllByRole("menuitem").map((i) => i.textContent)).toEqual(["កំណត់ហេតុការផ្ញើ", "កែប្រែ", "ផ្អាក", "ប្ដូរលេខសម្ងាត់ចុះហត្ថលេខា", "លុប"]);
    fireEvent.click(screen.getByRole("menuitem", { name: "លុប" }));
    expect(screen.getByRole("dialog", { name: "លុបចំណុចទទួលនេះ?" })).toBeTruthy();
  });
});
