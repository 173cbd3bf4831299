// The paged search every dashboard list uses: the term settles after typing stops, and a new term
// starts at page 1 in the same render (no request for the old page of the new search).
import { useEffect } from "react";
import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { usePagedSearch } from "./list-state";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("usePagedSearch", () => {
  it("debounces the term, says it is typing meanwhile, and trims", () => {
    const { result } = renderHook(() => usePagedSearch(250));
    act(() => result.current.setSearch("  dara "));
    expect(result.current).toMatchObject({ search: "  dara ", term: "", typing: true });
    act(() => vi.advanceTimersByTime(249));
    expect(result.current.term).toBe("");
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toMatchObject({ term: "dara", typing: false });
  });

  it("goes back to page 1 in the render that brings a new term: no committed render pairs it with the old page", () => {
    // What a list would request: each committed (term, page), as an effect sees it.
    const seen: Array<[string, number]> = [];
    const { result } = renderHook(() => {
      const state = usePagedSearch(100);
      useEffect(() => {
        seen.push([state.term, state.page]);
      }, [state.term, state.page]);
      return state;
    });
    act(() => result.current.setPage(4));
    expect(result.current.page).toBe(4);
    act(() => result.current.setSearch("kh"));
    act(() => vi.advanceTimersByTime(100));
    expect(result.current).toMatchObject({ term: "kh", page: 1 });
    expect(seen).not.toContainEqual(["kh", 4]);
  });
});
