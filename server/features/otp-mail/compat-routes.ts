// The spec's three functions, kept as compatible routes for the session user:
// get-otp-gmail-history, buy-gmail and check-otp-gmail (service EMAIL_SERVICE_1).
import { Hono, type Context } from "hono";
import { and, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { formatMoney } from "../../../contracts/money";
import { requireUser, type AppEnv } from "../../auth/context";
import { otpMailOrders } from "../../db/schema";
import { AppError, validationError } from "../../lib/errors";
import { ensureApiKey } from "../balance/service";
import { limitOtp, type OtpLimit } from "./routes";
import { checkOtpMail, type OtpMailDeps } from "./service";
import { buyOtpMail } from "./buy";

const CheckBody = z.object({ service: z.literal("EMAIL_SERVICE_1"), gmail: z.email() });
// The spec's functions answered dollar amounts as text with every mill: "0.045", "1.000".
const dollars = (mills: number) => formatMoney(mills, { plain: true, decimals: 3 });

export function createOtpCompatRoutes(deps: OtpMailDeps & { secret: string; limit: OtpLimit }) {
  // The same per-account limit as the dashboard and the public API (routes.ts).
  const signedIn = (c: Context<AppEnv>) => {
    const user = requireUser(c.get("ctx"));
    limitOtp(c, deps.limit, user.id);
    return user;
  };
  return new Hono<AppEnv>()
    .post("/get-otp-gmail-history", async (c) => {
      const user = signedIn(c);
      const rows = await deps.db.select().from(otpMailOrders).where(eq(otpMailOrders.userId, user.id)).orderBy(desc(otpMailOrders.createdAt)).limit(500);
      return c.json(
        rows.map((r) => ({
          id: r.id,
          date_time: r.createdAt.toISOString(),
          gmail: r.address,
          id_gmail: r.supplierRef,
          service: "facebook",
          price: dollars(r.priceMills),
          otp: r.codes,
          status: r.status,
          current_balance: dollars(r.balanceBeforeMills),
          new_balance: dollars(r.balanceAfterMills),
        })),
      );
    })
    .post("/buy-gmail", async (c) => {
      const user = signedIn(c);
      const key = await ensureApiKey({ db: deps.db, secret: deps.secret, userId: user.id });
      try {
        const { order } = await buyOtpMail(deps, { userId: user.id, apiKeyId: key.id });
        return c.json({ success: true, message: `Purchased ${order.address}`, data: { gmail: order.address, id: order.id } });
      } catch (err) {
        if (err instanceof AppError && err.status < 500) return c.json({ success: false, message: err.message }, 200);
        throw err;
      }
    })
    .post("/check-otp-gmail", async (c) => {
      const user = signedIn(c);
      const parsed = CheckBody.safeParse(await c.req.json().catch(() => undefined));
      if (!parsed.success) throw validationError(parsed.error);
      const [order] = await deps.db
        .select({ id: otpMailOrders.id })
        .from(otpMailOrders)
        .where(and(eq(otpMailOrders.userId, user.id), eq(sql`lower(${otpMailOrders.address})`, parsed.data.gmail.toLowerCase())))
        .orderBy(desc(otpMailOrders.createdAt))
        .limit(1);
      // The spec's shape, plus the { code, message } every refusal of this server carries.
      if (!order) return c.json({ success: false, data: null, error: "No order for this address", code: "NOT_FOUND", message: "No order for this address" }, 404);
      const checked = await checkOtpMail(deps, { userId: user.id, id: order.id });
      return c.json({
        success: true,
        data: checked.latestCode ? { code: checked.latestCode } : { message: checked.status === "failed" ? `Order ${checked.failureReason ?? "failed"}` : "No code has arrived yet" },
        error: null,
      });
    });
}
