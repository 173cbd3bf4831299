// The dashboard's list tables: headers, a labelled skeleton on the first load, the error with Try
// again and the empty message instead of rows, dimmed and busy while the next page loads, and the
// paging under it ('Showing X to Y of Z', Previous / Next, 'Page N of M', 'about' for estimates).
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { InboxIcon } from "lucide-react";
import { afterEach, describe, expect, it, vi } from "vitest";

import { TableCell, TableRow } from "~/components/ui/table";
import type { Language } from "~/lib/i18n";
import { renderInLanguage } from "~/test/render";

import { DataCards, DataTable } from "./data-table";
import { useTableCopy } from "./copy";
import { fieldMessage } from "./field-message";
import { loadErrorState, type ListState } from "./list-state";
import { pageCount, Pagination, type PaginationProps } from "./pagination";

afterEach(cleanup);

type Row = { id: string; name: string };
const ROWS: Row[] = [
  { id: "1", name: "Dara" },
  { id: "2", name: "Sokha" },
];

function renderTable(props: { rows?: Row[]; state?: ListState | null; busy?: boolean; pagination?: PaginationProps } = {}, lng: Language = "en") {
  return renderInLanguage(
    lng,
    <DataTable
      columns={["Name", { label: "Amount", className: "text-right" }]}
      caption="Customers"
      scrollLabel="Customers table"
      rows={props.rows}
      renderRow={(row) => (
        <TableRow key={row.id}>
          <TableCell>{row.name}</TableCell>
          <TableCell>$1.00</TableCell>
        </TableRow>
      )}
      state={props.state}
      busy={props.busy}
      loadingLabel="Loading customers"
      pagination={props.pagination}
    />,
  );
}

describe("a list table", () => {
  it("names itself and its columns, and shows a labelled skeleton until the rows arrive", () => {
    renderTable();
    const table = screen.getByRole("table", { name: "Customers" });
    expect(within(table).getAllByRole("columnheader").map((th) => th.textContent)).toEqual(["Name", "Amount"]);
    expect(within(table).getByText("Loading customers")).toBeTruthy();
    // The header row and four placeholder rows.
    expect(within(table).getAllByRole("row")).toHaveLength(5);
  });

  it("shows its rows, dimmed and busy while the next page loads", () => {
    const { rerender } = renderTable({ rows: ROWS });
    const table = screen.getByRole("table");
    expect(within(table).getAllByRole("row").slice(1).map((tr) => tr.firstElementChild!.textContent)).toEqual(["Dara", "Sokha"]);
    expect(table.getAttribute("aria-busy")).toBeNull();
    expect(screen.queryByText("Loading customers")).toBeNull();
    rerender(
      <DataTable columns={["Name"]} caption="Customers" scrollLabel="Customers table" rows={ROWS} busy renderRow={(row) => <TableRow key={row.id}><TableCell>{row.name}</TableCell></TableRow>} />,
    );
    expect(screen.getByRole("table").getAttribute("aria-busy")).toBe("true");
    expect(screen.getByText("Dara")).toBeTruthy();
  });

  it("shows the error with Try again instead of the rows, across every column", () => {
    const retry = vi.fn();
    renderTable({ rows: ROWS, state: loadErrorState("Could not load customers", "Server unavailable", retry) });
    expect(screen.getByText("Could not load customers")).toBeTruthy();
    expect(screen.getByText("Server unavailable")).toBeTruthy();
    expect(screen.queryByText("Dara")).toBeNull();
    expect(screen.getByText("Could not load customers").closest("td")!.getAttribute("colspan")).toBe("2");
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it("shows the empty message, and no paging when there is nothing to page through", () => {
    renderTable({ rows: [], state: { icon: InboxIcon, title: "No customers yet" }, pagination: { page: 1, pageSize: 10, total: 0, label: "Customers pages", onPageChange: vi.fn() } });
    expect(screen.getByText("No customers yet")).toBeTruthy();
    expect(screen.queryByRole("navigation")).toBeNull();
  });

  it("says 'Try again' in Khmer", () => {
    renderTable({ state: loadErrorState("x", "y", vi.fn()) }, "km");
    expect(screen.getByRole("button", { name: "ព្យាយាមម្ដងទៀត" })).toBeTruthy();
  });
});

describe("a list's cards on a phone", () => {
  it("shows a labelled placeholder, then the cards, or the message instead", () => {
    const renderCards = (rows: Row[]) => <ul>{rows.map((r) => <li key={r.id}>{r.name}</li>)}</ul>;
    const { rerender } = renderInLanguage("en", <DataCards rows={undefined} renderCards={renderCards} loadingLabel="Loading customers" />);
    expect(screen.getByRole("status").textContent).toBe("Loading customers");
    rerender(<DataCards rows={ROWS} renderCards={renderCards} busy />);
    expect(screen.getAllByRole("listitem").map((li) => li.textContent)).toEqual(["Dara", "Sokha"]);
    expect(screen.getByRole("list").parentElement!.getAttribute("aria-busy")).toBe("true");
    rerender(<DataCards rows={[]} renderCards={renderCards} state={{ icon: InboxIcon, title: "No customers yet", body: "Invite one" }} />);
    expect(screen.getByText("No customers yet")).toBeTruthy();
    expect(screen.getByText("Invite one")).toBeTruthy();
    expect(screen.queryByRole("list")).toBeNull();
  });
});

describe("the paging under a list", () => {
  function renderPaging(props: Partial<PaginationProps> = {}, lng: Language = "en") {
    const onPageChange = vi.fn();
    renderInLanguage(lng, <Pagination page={1} pageSize={10} total={42} label="Customers pages" onPageChange={onPageChange} {...props} />);
    const nav = screen.getByRole("navigation", { name: "Customers pages" });
    const button = (name: string) => within(nav).getByRole("button", { name }) as HTMLButtonElement;
    return { onPageChange, nav, button };
  }

  it("says which rows are shown and which page this is, and turns the pages", () => {
    const { onPageChange, nav, button } = renderPaging({ page: 2, noun: "users" });
    expect(within(nav).getByText("Showing 11 to 20 of 42 users")).toBeTruthy();
    expect(within(nav).getByTestId("page-indicator").textContent).toBe("Page 2 of 5");
    fireEvent.click(button("Previous"));
    expect(onPageChange).toHaveBeenLastCalledWith(1);
    fireEvent.click(button("Next"));
    expect(onPageChange).toHaveBeenLastCalledWith(3);
  });

  it("has no Previous on the first page and no Next on the last, whose count stops at the total", () => {
    let paging = renderPaging();
    expect(paging.button("Previous").disabled).toBe(true);
    expect(within(paging.nav).getByText("Showing 1 to 10 of 42")).toBeTruthy();
    cleanup();
    paging = renderPaging({ page: 5 });
    expect(paging.button("Next").disabled).toBe(true);
    expect(within(paging.nav).getByText("Showing 41 to 42 of 42")).toBeTruthy();
  });

  it("says 'about' for the server's estimate", () => {
    const { nav } = renderPaging({ total: 12_000, estimate: true, pageSize: 1_000 });
    expect(within(nav).getByText("Showing 1 to 1000 of about 12000")).toBeTruthy();
    expect(within(nav).getByTestId("page-indicator").textContent).toBe("Page 1 of about 12");
  });

  it("counts at least one page", () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(41, 10)).toBe(5);
  });

  it("says the paging in Khmer", () => {
    const { nav, button } = renderPaging({ page: 2, noun: "អ្នកប្រើប្រាស់" }, "km");
    expect(within(nav).getByText("បង្ហាញ អ្នកប្រើប្រាស់ 11 ដល់ 20 នៃ 42")).toBeTruthy();
    expect(within(nav).getByTestId("page-indicator").textContent).toBe("ទំព័រ 2 នៃ 5");
    expect(button("មុន")).toBeTruthy();
    expect(button("បន្ទាប់")).toBeTruthy();
  });
});

describe("a field's message", () => {
  function Message({ message, known }: { message: string | null; known?: Record<string, string> }) {
    const { t } = useTableCopy();
    return <p>{fieldMessage(t, message, known) ?? "none"}</p>;
  }

  it("translates the text rules' messages and the form's own, and keeps the server's other words", () => {
    renderInLanguage("km", <Message message="Must be on one line" />);
    expect(screen.getByText("ត្រូវតែនៅលើបន្ទាត់តែមួយ")).toBeTruthy();
    cleanup();
    renderInLanguage("km", <Message message="Required" known={{ Required: "loading" }} />);
    expect(screen.getByText("កំពុងផ្ទុក…")).toBeTruthy();
    cleanup();
    renderInLanguage("km", <Message message="Something only the server says" />);
    expect(screen.getByText("Something only the server says")).toBeTruthy();
    cleanup();
    renderInLanguage("en", <Message message={null} />);
    expect(screen.getByText("none")).toBeTruthy();
  });
});
