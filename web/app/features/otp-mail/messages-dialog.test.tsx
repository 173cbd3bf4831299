// An OTP order's messages in a dialog: opened from a button named for its address, read only once
// opened, loading / error / none states, each message's subject, sender and time, and its body
// (the server's sanitised HTML, or the plain text).
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import type { OtpOrder } from "./api";
import { ApiError } from "~/lib/api";
import type { Language } from "~/lib/i18n";
import { renderInLanguage } from "~/test/render";

const messages = vi.hoisted(() => vi.fn());
vi.mock("./api", () => ({ otpMailApi: { messages } }));

const { MessagesDialog } = await import("./messages-dialog");

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const order = { id: "o1", address: "box@gmail.com", codes: "123456" } as OtpOrder;
const MAIL = {
  id: "m1",
  from: "security@facebookmail.com",
  subject: "Your code",
  receivedAt: "2026-11-22T20:04:00.000Z",
  html: "<p>Your code is <b>123456</b></p>",
  text: "Your code is 123456",
};

/** Opens the dialog (its code loads on the first press, so it is awaited). */
async function open(lng: Language = "en", o: OtpOrder = order, name = "Open messages for box@gmail.com") {
  renderInLanguage(lng, <MessagesDialog order={o} />);
  fireEvent.click(screen.getByRole("button", { name }));
  return screen.findByRole("dialog");
}

describe("an OTP order's messages", () => {
  it("loads the dialog's code only when the button is first pressed", async () => {
    messages.mockResolvedValue({ messages: [] });
    renderInLanguage("en", <MessagesDialog order={order} />);
    const button = screen.getByRole("button", { name: "Open messages for box@gmail.com" });
    expect(button.getAttribute("aria-haspopup")).toBe("dialog");
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("dialog")).toBeNull();
    fireEvent.click(button);
    expect(await screen.findByRole("dialog", { name: "Messages for box@gmail.com" })).toBeTruthy();
  });

  it("reads nothing until opened, then shows each message with its subject, sender, time and body", async () => {
    messages.mockResolvedValue({ messages: [MAIL, { ...MAIL, id: "m2", subject: "", html: null, text: "Plain 654321" }] });
    renderInLanguage("en", <MessagesDialog order={order} />);
    expect(messages).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Open messages for box@gmail.com" }));
    const dialog = await screen.findByRole("dialog", { name: "Messages for box@gmail.com" });
    expect(within(dialog).getByText("Every message this address received since you bought it, oldest first.")).toBeTruthy();
    expect(within(dialog).getByText("Loading messages")).toBeTruthy();
    expect(messages).toHaveBeenCalledWith("o1", expect.anything());

    const items = await within(dialog).findAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText("Your code")).toBeTruthy();
    expect(within(items[0]!).getByText("From security@facebookmail.com")).toBeTruthy();
    expect(items[0]!.querySelector("time")!.getAttribute("dateTime")).toBe(MAIL.receivedAt);
    expect(items[0]!.querySelector("time")!.textContent).toMatch(/2026/);
    const html = within(items[0]!).getByTestId("otp-message-body");
    expect(html.querySelector("b")!.textContent).toBe("123456");
    expect(within(items[1]!).getByText("(no subject)")).toBeTruthy();
    const plain = within(items[1]!).getByTestId("otp-message-body");
    expect(plain.tagName).toBe("PRE");
    expect(plain.textContent).toBe("Plain 654321");
  });

  it("says when no message has arrived yet", async () => {
    messages.mockResolvedValue({ messages: [] });
    const dialog = await open();
    expect(await within(dialog).findByText("No message has arrived yet.")).toBeTruthy();
    expect(within(dialog).queryByRole("listitem")).toBeNull();
  });

  it("says why the messages could not be read", async () => {
    messages.mockRejectedValue(new ApiError("NOT_FOUND", "Order not found", 404));
    const dialog = await open();
    expect((await within(dialog).findByRole("alert")).textContent).toBe("Order not found");
    expect(within(dialog).queryByText("Loading messages")).toBeNull();
  });

  it("names an order without an address as 'this order'", async () => {
    messages.mockReturnValue(new Promise(() => undefined));
    const dialog = await open("en", { ...order, address: null } as unknown as OtpOrder, "Open messages for this order");
    expect(within(dialog).getByRole("heading", { name: "Messages for this order" })).toBeTruthy();
  });

  it("closes with Escape and gives the focus back to its button", async () => {
    messages.mockResolvedValue({ messages: [] });
    await open();
    fireEvent.keyDown(screen.getByRole("dialog"), { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "Open messages for box@gmail.com" })));
  });
});

describe("an OTP order's messages in Khmer", () => {
  it("says the button, the title, the states and the sender in Khmer", async () => {
    messages.mockResolvedValue({ messages: [{ ...MAIL, subject: "" }] });
    const dialog = await open("km", order, "បើកសារសម្រាប់ box@gmail.com");
    expect(within(dialog).getByRole("heading", { name: "សារសម្រាប់ box@gmail.com" })).toBeTruthy();
    expect(within(dialog).getByText("កំពុងផ្ទុកសារ")).toBeTruthy();
    expect(await within(dialog).findByText("ពី security@facebookmail.com")).toBeTruthy();
    expect(within(dialog).getByText("(គ្មានប្រធានបទ)")).toBeTruthy();
    // Behind the modal dialog, the page is hidden from assistive technology.
    expect(screen.getByRole("button", { name: "បើកសារសម្រាប់ box@gmail.com", hidden: true }).textContent).toBe("សារ");
  });
});
