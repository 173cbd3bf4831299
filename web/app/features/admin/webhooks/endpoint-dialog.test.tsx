// Add or edit a webhook endpoint: the URL's checks, at least one event, the body sent (events in the
// catalogue's order), the server's refusal of a URL under the field, the secret handed on after
// adding, in English and Khmer (issue #31).
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { WEBHOOK_EVENT_TYPES } from "../../../../../contracts/notifications";
import { ApiError } from "~/lib/api";
import type { Language } from "~/lib/i18n";
import { renderInLanguage } from "~/test/render";

import type { WebhookEndpoint, WebhookList } from "./api";

const create = vi.hoisted(() => vi.fn());
const update = vi.hoisted(() => vi.fn());
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));

vi.mock("~/lib/toast", () => ({ toast }));
vi.mock("./queries", () => ({
  useCreateWebhook: () => ({ mutateAsync: create, isPending: false }),
  useUpdateWebhook: () => ({ mutateAsync: update, isPending: false }),
}));

const { EndpointDialog } = await import("./endpoint-dialog");

const EVENT_TYPES: WebhookList["eventTypes"] = WEBHOOK_EVENT_TYPES.map((type) => ({ type, description: `server: ${type}` }));

const endpoint = (over: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  id: "w1",
  url: "https://books.example.com/hook",
  description: "Bookkeeping",
  events: ["order.paid", "order.refunded"],
  active: true,
  secretHint: "a1b2",
  previousSecretExpiresAt: null,
  createdAt: "2026-11-01T00:00:00.000Z",
  updatedAt: "2026-11-01T00:00:00.000Z",
  deliveries: { pending: 0, delivered: 3, failed: 0 },
  lastDeliveryAt: null,
  ...over,
});

const onOpenChange = vi.fn();
const onCreated = vi.fn();
function renderDialog(over: { endpoint?: WebhookEndpoint; lng?: Language } = {}) {
  return renderInLanguage(
    over.lng ?? "en",
    <EndpointDialog open onOpenChange={onOpenChange} endpoint={over.endpoint} eventTypes={EVENT_TYPES} onCreated={onCreated} />,
  );
}

beforeEach(() => {
  for (const fn of [create, update, onOpenChange, onCreated, toast.success, toast.error]) fn.mockReset();
});
afterEach(cleanup);

const urlField = () => screen.getByLabelText("Endpoint URL");

describe("adding a webhook endpoint", () => {
  it("starts with every event ticked, each with what it means", () => {
    renderDialog();
    expect(screen.getByRole("dialog", { name: "Add endpoint" })).toBeTruthy();
    const boxes = screen.getAllByRole("checkbox") as HTMLInputElement[];
    expect(boxes).toHaveLength(WEBHOOK_EVENT_TYPES.length);
    expect(boxes.every((b) => b.checked)).toBe(true);
    expect(screen.getByLabelText(/^order\.paid/).closest("div")!.textContent).toContain("An order was paid and fulfilled");
  });

  it.each([
    ["", "Enter the endpoint's URL"],
    ["books.example.com", "Enter a full URL, like https://example.com/keyshop-webhooks"],
    ["ftp://books.example.com", "Use an https:// address"],
    ["https://user:pw@books.example.com/hook", "Leave the user name and password out of the URL"],
  ])("refuses the URL %j: %s", async (value, message) => {
    renderDialog();
    fireEvent.change(urlField(), { target: { value } });
    fireEvent.click(screen.getByRole("button", { name: "Add endpoint" }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(create).not.toHaveBeenCalled();
  });

  it("wants at least one event", async () => {
    renderDialog();
    fireEvent.change(urlField(), { target: { value: "https://books.example.com/hook" } });
    for (const box of screen.getAllByRole("checkbox")) fireEvent.click(box);
    fireEvent.click(screen.getByRole("button", { name: "Add endpoint" }));
    expect(await screen.findByText("Choose at least one event")).toBeTruthy();
    expect(create).not.toHaveBeenCalled();
  });

  it("sends the trimmed URL and description with the events in the catalogue's order, then hands on the secret", async () => {
    const created = endpoint({ events: ["order.paid", "balance.low"] });
    create.mockResolvedValue({ secret: "whsec_123", endpoint: created });
    renderDialog();
    fireEvent.change(urlField(), { target: { value: "  https://books.example.com/hook " } });
    fireEvent.change(screen.getByLabelText("Description (optional)"), { target: { value: " Bookkeeping " } });
    // Untick all, then tick balance.low before order.paid.
    for (const box of screen.getAllByRole("checkbox")) fireEvent.click(box);
    fireEvent.click(screen.getByLabelText(/^balance\.low/));
    fireEvent.click(screen.getByLabelText(/^order\.paid/));
    fireEvent.click(screen.getByRole("button", { name: "Add endpoint" }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith("whsec_123", created));
    expect(create).toHaveBeenCalledWith({ url: "https://books.example.com/hook", description: "Bookkeeping", events: ["order.paid", "balance.low"] });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("puts the server's refusal of the URL under the field, and toasts 'URL not allowed'", async () => {
    create.mockRejectedValue(new ApiError("WEBHOOK_URL_NOT_ALLOWED", "The URL points to a private address", 422));
    renderDialog();
    fireEvent.change(urlField(), { target: { value: "https://10.0.0.1/hook" } });
    fireEvent.click(screen.getByRole("button", { name: "Add endpoint" }));
    expect(await screen.findByText("The URL points to a private address")).toBeTruthy();
    expect(urlField().getAttribute("aria-invalid")).toBe("true");
    // The toast's words load with the first failure (decision 085): it comes a moment later.
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("URL not allowed", expect.objectContaining({ description: "The URL points to a private address" })));
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });

  it("says a validation issue of the URL in the reader's words", async () => {
    create.mockRejectedValue(new ApiError("VALIDATION_FAILED", "Invalid request", 422, [{ path: "url", message: "An http(s) URL without a user name or password" }]));
    renderDialog({ lng: "km" });
    fireEvent.change(screen.getByLabelText("URL ចំណុចទទួល"), { target: { value: "https://books.example.com/hook" } });
    fireEvent.click(screen.getByRole("button", { name: "បន្ថែមចំណុចទទួល" }));
    expect(await screen.findByText("URL http(s) ដែលគ្មានឈ្មោះអ្នកប្រើ ឬពាក្យសម្ងាត់")).toBeTruthy();
  });
});

describe("editing a webhook endpoint", () => {
  it("starts from the endpoint, sends the change and says 'Endpoint updated'", async () => {
    update.mockResolvedValue({});
    renderDialog({ endpoint: endpoint() });
    expect(screen.getByRole("dialog", { name: "Edit endpoint" })).toBeTruthy();
    expect((urlField() as HTMLInputElement).value).toBe("https://books.example.com/hook");
    expect((screen.getByLabelText(/^order\.paid/) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText(/^balance\.low/) as HTMLInputElement).checked).toBe(false);
    fireEvent.click(screen.getByLabelText(/^order\.refunded/));
    fireEvent.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(update).toHaveBeenCalledWith({ id: "w1", body: { url: "https://books.example.com/hook", description: "Bookkeeping", events: ["order.paid"] } }));
    expect(toast.success).toHaveBeenCalledWith("Endpoint updated", { description: "https://books.example.com/hook" });
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(create).not.toHaveBeenCalled();
  });

  it("reads in Khmer: the title, the event's meaning and the URL check", async () => {
    renderDialog({ endpoint: endpoint(), lng: "km" });
    const dialog = screen.getByRole("dialog", { name: "កែប្រែចំណុចទទួល" });
    expect(within(dialog).getByText("ប្រាក់ត្រូវបានសងវិញសម្រាប់ការបញ្ជាទិញមួយ (ទាំងស្រុង ឬមួយផ្នែក)")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("URL ចំណុចទទួល"), { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: "រក្សាទុកការផ្លាស់ប្ដូរ" }));
    expect(await screen.findByText("សូមបញ្ចូល URL របស់ចំណុចទទួល")).toBeTruthy();
  });
});
