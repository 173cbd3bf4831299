// Signing out from a dashboard page ends at home, not at /auth: the dashboard's guard sends a user
// with no session to /auth, so the cached user may only be cleared once home is reached (the e2e
// two-factor walk lost this race under load).
import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";

import { isSigningOut, markSigningOut, sessionKeys } from "./session-keys";
import { afterSignOut } from "./sign-out";
import { setActiveQueryClient } from "~/lib/query-client-ref";

vi.mock("~/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

afterEach(() => {
  vi.clearAllMocks();
  markSigningOut(false);
});

describe("afterSignOut", () => {
  it("keeps the user cached, and the guard aside, until home is reached; then drops the user's data", async () => {
    const client = new QueryClient();
    setActiveQueryClient(client);
    client.setQueryData(sessionKeys.session, { user: { id: "u1" } });
    client.setQueryData(sessionKeys.me, { id: "u1" });
    client.setQueryData(["licenses"], []);

    let arrive!: () => void;
    const seenDuringNavigation: unknown[] = [];
    const navigate = vi.fn((to: string) => {
      seenDuringNavigation.push(to, client.getQueryData(sessionKeys.session), isSigningOut());
      return new Promise<void>((resolve) => (arrive = resolve));
    });

    const done = afterSignOut(navigate as never);
    await Promise.resolve();
    expect(seenDuringNavigation).toEqual(["/", { user: { id: "u1" } }, true]);
    expect(client.getQueryData(["licenses"])).toEqual([]);

    arrive();
    await done;
    // Still aside: the dashboard may be on screen a moment longer; its next mount stands it up.
    expect(isSigningOut()).toBe(true);
    expect(client.getQueryData(sessionKeys.session)).toBeNull();
    expect(client.getQueryData(["licenses"])).toBeUndefined();
  });

  it("stands the guard back up when the navigation fails (the user is still on the dashboard)", async () => {
    setActiveQueryClient(new QueryClient());
    await expect(afterSignOut((() => Promise.reject(new Error("aborted"))) as never)).rejects.toThrow("aborted");
    expect(isSigningOut()).toBe(false);
  });
});
