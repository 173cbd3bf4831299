// One request context for every kind of caller: a session cookie today, an API key later.
import { createMiddleware } from "hono/factory";
import type { Auth } from "./auth";
import { AppError } from "../lib/errors";

export interface CurrentUser {
  id: string;
  email: string;
  name: string;
  role: "user" | "admin";
  superAdmin: boolean;
  emailVerified: boolean;
}

export interface RequestContext {
  user: CurrentUser | null;
  via: "session" | "api-key" | "anonymous";
  /** Set when the caller authenticated with an API key. */
  apiKeyId?: string;
}

export type AppEnv = { Variables: { ctx: RequestContext; requestId: string; clientIp: string } };

export function sessionContext(auth: Auth) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const session = await auth.api.getSession({ headers: c.req.raw.headers }).catch(() => null);
    const u = session?.user as (typeof session extends null ? never : Record<string, unknown>) | undefined;
    c.set(
      "ctx",
      u
        ? {
            user: {
              id: String(u.id),
              email: String(u.email),
              name: String(u.name ?? ""),
              role: u.role === "admin" ? "admin" : "user",
              superAdmin: u.superAdmin === true,
              emailVerified: u.emailVerified === true,
            },
            via: "session",
          }
        : { user: null, via: "anonymous" },
    );
    await next();
  });
}

export function requireUser(ctx: RequestContext): CurrentUser {
  if (!ctx.user) throw new AppError("UNAUTHENTICATED", "Please sign in to continue.");
  return ctx.user;
}

export function requireAdmin(ctx: RequestContext): CurrentUser {
  const user = requireUser(ctx);
  if (user.role !== "admin") throw new AppError("FORBIDDEN", "Unauthorized: Admin access required");
  return user;
}

/** User Management and Manage Balance need the super-admin flag on the server, not only in the menu. */
export function requireSuperAdmin(ctx: RequestContext): CurrentUser {
  const user = requireAdmin(ctx);
  if (!user.superAdmin) throw new AppError("FORBIDDEN", "Unauthorized: Super-admin access required");
  return user;
}

/** Route guard: decides access before any input is parsed, so a stranger learns nothing from 422s. */
export function guard(check: (ctx: RequestContext) => unknown) {
  return createMiddleware<AppEnv>(async (c, next) => {
    check(c.get("ctx"));
    await next();
  });
}
