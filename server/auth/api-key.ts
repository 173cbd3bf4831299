// Public API authentication: `Authorization: Bearer <API key>` (never a query-string key).
// The key resolves to the same request context a session does, so services serve both.
import { eq } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import type { Db } from "../db/client";
import { user } from "../db/schema";
import { findActiveApiKey } from "../features/balance/service";
import { AppError } from "../lib/errors";
import type { AppEnv } from "./context";

export function apiKeyContext(db: Db) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const header = c.req.header("authorization") ?? "";
    const match = /^Bearer\s+([A-Za-z0-9]{1,128})$/.exec(header.trim());
    if (!match) throw new AppError("UNAUTHENTICATED", "Send your API key as `Authorization: Bearer <key>`.");
    const key = await findActiveApiKey({ db, key: match[1]! });
    if (!key) throw new AppError("UNAUTHENTICATED", "Invalid API key.");
    const [owner] = await db.select().from(user).where(eq(user.id, key.userId));
    if (!owner) throw new AppError("UNAUTHENTICATED", "Invalid API key.");
    c.set("ctx", {
      user: {
        id: owner.id,
        email: owner.email,
        name: owner.name,
        role: owner.role,
        superAdmin: owner.superAdmin,
        emailVerified: owner.emailVerified,
      },
      via: "api-key",
      apiKeyId: key.id,
    });
    await next();
  });
}
