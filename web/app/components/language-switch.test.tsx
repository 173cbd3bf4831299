// The dashboard header's language switch (issue #27): a labelled control that switches every text,
// remembers the choice on this device, and saves it on the account; and the account's language
// wins over this device's when a signed-in user loads the dashboard.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, renderHook, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const toastError = vi.fn();
vi.mock("sonner", () => ({ toast: { error: (...args: unknown[]) => toastError(...args), success: vi.fn() } }));

import { SiteHeader } from "~/components/site-header";
import { SidebarProvider } from "~/components/ui/sidebar";
import { useAccountLanguage } from "~/features/session/account-language";
import { sessionKeys } from "~/features/session/queries";
import type { CurrentUser } from "~/lib/api";
import i18n, { setLanguage } from "~/lib/i18n";
import { userFixture } from "~/test/fixtures";

const USER = userFixture();

type Call = { method: string; url: string; body: unknown };
let calls: Call[];
let answer: () => Response;

beforeEach(async () => {
  await setLanguage("en");
  localStorage.clear();
  document.cookie = "ks_lang=; Path=/; Max-Age=0";
  calls = [];
  answer = () => Response.json({ email: USER.email, name: "", expiryReminders: true });
  toastError.mockReset();
  vi.stubGlobal("fetch", async (request: Request) => {
    calls.push({ method: request.method, url: new URL(request.url, "http://localhost").pathname, body: request.method === "GET" ? null : await request.clone().json() });
    return answer();
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderHeader(user: CurrentUser = USER) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(sessionKeys.me, user);
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={["/license-keys"]}>
        <SidebarProvider>
          <SiteHeader />
        </SidebarProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return queryClient;
}

describe("the dashboard header's language switch", () => {
  it("is a labelled control showing the current language", () => {
    renderHeader();
    const select = screen.getByRole("combobox", { name: "Language" });
    expect(select).toHaveProperty("value", "en");
    expect(screen.getByText("License Keys")).toBeDefined();
  });

  it("switches the texts to Khmer, remembers the choice on this device and saves it on the account", async () => {
    const queryClient = renderHeader();
    fireEvent.change(screen.getByRole("combobox", { name: "Language" }), { target: { value: "km" } });

    // The page's section and the switch's own label are Khmer now.
    expect(await screen.findByText("លេខកូដអាជ្ញាប័ណ្ណ")).toBeDefined();
    expect(screen.getByRole("combobox", { name: "ភាសា" })).toHaveProperty("value", "km");
    expect(screen.queryByText("License Keys")).toBeNull();
    expect(document.documentElement.lang).toBe("km");
    expect(localStorage.getItem("lang")).toBe("km");
    expect(document.cookie).toContain("ks_lang=km");

    await waitFor(() => expect(calls).toContainEqual({ method: "PATCH", url: "/api/profile", body: { language: "km" } }));
    await waitFor(() => expect(queryClient.getQueryData<CurrentUser & { language?: string }>(sessionKeys.me)?.language).toBe("km"));
    expect(toastError).not.toHaveBeenCalled();
  });

  it("keeps the choice on this device and says so when the account cannot save it", async () => {
    answer = () => Response.json({ code: "INTERNAL", message: "Something went wrong on our side. Please try again." }, { status: 500 });
    renderHeader();
    fireEvent.change(screen.getByRole("combobox", { name: "Language" }), { target: { value: "km" } });
    await waitFor(() => expect(toastError).toHaveBeenCalledWith("មិនអាចរក្សាទុកភាសារបស់អ្នកក្នុងគណនីបានទេ ប៉ុន្តែឧបករណ៍នេះចងចាំវា។", expect.anything()));
    expect(i18n.language).toBe("km");
    expect(localStorage.getItem("lang")).toBe("km");
  });

  it("goes back to English the same way", async () => {
    renderHeader();
    const select = screen.getByRole("combobox", { name: "Language" });
    fireEvent.change(select, { target: { value: "km" } });
    await screen.findByText("លេខកូដអាជ្ញាប័ណ្ណ");
    fireEvent.change(screen.getByRole("combobox", { name: "ភាសា" }), { target: { value: "en" } });
    expect(await screen.findByText("License Keys")).toBeDefined();
    expect(localStorage.getItem("lang")).toBe("en");
    expect(document.cookie).not.toContain("ks_lang=km");
    await waitFor(() => expect(calls.filter((c) => c.method === "PATCH").map((c) => c.body)).toEqual([{ language: "km" }, { language: "en" }]));
  });
});

describe("the account's language on loading the dashboard", () => {
  it("wins over the language this device remembered, once", async () => {
    localStorage.setItem("lang", "en");
    const user = { ...USER, language: "km" } as CurrentUser;
    const { rerender } = renderHook(({ u }) => useAccountLanguage(u), { initialProps: { u: user } });
    await waitFor(() => expect(i18n.language).toBe("km"));
    expect(localStorage.getItem("lang")).toBe("km");

    // A later choice on this device (saved on the account meanwhile) is not undone by a re-render.
    await act(() => setLanguage("en"));
    rerender({ u: { ...user } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(i18n.language).toBe("en");
  });

  it("leaves the device's choice alone while the account names no language (an answer without one)", async () => {
    await setLanguage("km");
    const { language: _unnamed, ...withoutLanguage } = USER;
    renderHook(() => useAccountLanguage(withoutLanguage as unknown as CurrentUser));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(i18n.language).toBe("km");
    expect(calls).toEqual([]);
  });
});
