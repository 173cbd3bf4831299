// The admin header's customer search (issue #16): a combobox whose arrows move through the hits,
// Enter opens the highlighted customer's page, Escape closes; too short, nothing found and the
// server's error said in the list, in English and Khmer (issue #31).
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useParams } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { ApiError } from "~/lib/api";
import type { Language } from "~/lib/i18n";
import { renderInLanguage } from "~/test/render";

import type { CustomerHit } from "./api";

const state = vi.hoisted(() => ({ hits: [] as unknown[], error: null as unknown, terms: [] as string[] }));

vi.mock("~/features/payments/provider-name", () => import("~/test/fake-provider"));
vi.mock("./queries", () => ({
  useCustomerSearch: (term: string) => {
    state.terms.push(term);
    const enabled = term.length >= 2;
    return {
      data: enabled && !state.error ? { customers: state.hits } : undefined,
      isError: enabled && state.error !== null,
      error: enabled ? state.error : null,
      isFetching: false,
      isPlaceholderData: false,
    };
  },
}));

const { CustomerSearch } = await import("./customer-search");

const HITS: CustomerHit[] = [
  { email: "dara@example.com", name: "Dara", accountId: "a1", matchedBy: "email" },
  { email: "buyer+1@example.com", matchedBy: "buyKey" },
];

function Opened() {
  return <p data-testid="opened">{useParams().email}</p>;
}

function renderSearch(lng: Language = "en") {
  return renderInLanguage(
    lng,
    <MemoryRouter initialEntries={["/overview"]}>
      <CustomerSearch />
      <Routes>
        <Route path="/overview" element={null} />
        <Route path="/customers/:email" element={<Opened />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  state.hits = HITS;
  state.error = null;
  state.terms = [];
});
afterEach(cleanup);

const box = () => screen.getByRole("combobox", { name: "Find a customer" });
async function type(text: string) {
  fireEvent.focus(box());
  fireEvent.change(box(), { target: { value: text } });
  await waitFor(() => expect(state.terms.at(-1)).toBe(text.trim()));
}

describe("the customer search", () => {
  it("asks for 2 characters before searching", () => {
    renderSearch();
    fireEvent.focus(box());
    fireEvent.change(box(), { target: { value: "d" } });
    expect(box().getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByRole("status").textContent).toBe("Type at least 2 characters.");
  });

  it("lists the customers found, with what matched and whether they have an account", async () => {
    renderSearch();
    await type(" dara ");
    const options = within(screen.getByRole("listbox", { name: "Customers found" })).getAllByRole("option");
    expect(options.map((o) => o.textContent)).toEqual(["dara@example.comDaraE-mail", "buyer+1@example.comNo accountBuy key"]);
    expect(options.map((o) => o.getAttribute("aria-selected"))).toEqual(["true", "false"]);
    expect(box().getAttribute("aria-activedescendant")).toBe(options[0]!.id);
  });

  it("moves with the arrows, wrapping, and opens the highlighted customer with Enter", async () => {
    renderSearch();
    await type("example");
    fireEvent.keyDown(box(), { key: "ArrowDown" });
    const options = screen.getAllByRole("option");
    expect(box().getAttribute("aria-activedescendant")).toBe(options[1]!.id);
    fireEvent.keyDown(box(), { key: "ArrowDown" });
    expect(box().getAttribute("aria-activedescendant")).toBe(options[0]!.id);
    fireEvent.keyDown(box(), { key: "ArrowUp" });
    fireEvent.keyDown(box(), { key: "Enter" });
    expect((await screen.findByTestId("opened")).textContent).toBe("buyer+1@example.com");
    expect((box() as HTMLInputElement).value).toBe("");
  });

  it("opens a customer on click", async () => {
    renderSearch();
    await type("dara");
    fireEvent.click(screen.getAllByRole("option")[0]!);
    expect((await screen.findByTestId("opened")).textContent).toBe("dara@example.com");
  });

  it("closes on Escape, then clears the text on a second Escape", async () => {
    renderSearch();
    await type("dara");
    fireEvent.keyDown(box(), { key: "Escape" });
    expect(box().getAttribute("aria-expanded")).toBe("false");
    expect((box() as HTMLInputElement).value).toBe("dara");
    fireEvent.keyDown(box(), { key: "Escape" });
    expect((box() as HTMLInputElement).value).toBe("");
  });

  it("says when nobody is found, and the server's error", async () => {
    state.hits = [];
    renderSearch();
    await type("nobody");
    expect(screen.getByRole("status").textContent).toBe("No customer found. Try an e-mail, a name or a whole key.");
    fireEvent.keyDown(box(), { key: "Enter" });
    expect(screen.queryByTestId("opened")).toBeNull();
    cleanup();
    state.error = new ApiError("FORBIDDEN", "Unauthorized: Admin access required", 403);
    renderSearch();
    await type("dara");
    expect(screen.getByRole("status").textContent).toBe("Unauthorized: Admin access required");
  });

  it("reads in Khmer", async () => {
    renderSearch("km");
    const search = screen.getByRole("combobox", { name: "ស្វែងរកអតិថិជន" });
    fireEvent.focus(search);
    fireEvent.change(search, { target: { value: "x" } });
    // A number and its unit are kept together by a no-break space.
    expect(screen.getByRole("status").textContent).toMatch(/^សូមវាយយ៉ាងតិច 2\sតួអក្សរ។$/);
    fireEvent.change(search, { target: { value: "dara" } });
    await waitFor(() => expect(screen.getAllByRole("option")).toHaveLength(2));
    expect(screen.getAllByRole("option")[1]!.textContent).toBe("buyer+1@example.comគ្មានគណនីលេខកូដអាជ្ញាប័ណ្ណ");
  });
});
