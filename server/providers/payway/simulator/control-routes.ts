// Test-control endpoints (not PayWay's): drive the state machine, and lose or repeat callbacks.
//   POST /__sim/transactions/:tranId/{approve,decline,cancel,refund,expire}  body { callback? }
//   POST /__sim/transactions/:tranId/callback                                 body { times?, concurrent? }
//   POST /__sim/callback-mode                                                 body { mode, times?, concurrent?, once? }
//   POST /__sim/rate-limits/reset                                             (transaction-detail's 10/min)
//   POST /__sim/refund-mode                                                   body { mode: ok|fail|error, once? }
//   POST /__sim/transactions/:tranId/backdate                                 body { days }
//   GET  /__sim/transactions[/:tranId]
import { Hono, type Context } from "hono";
import { z } from "zod";
import { sendCallback, type CallbackPlan } from "./callbacks";
import type { SimContext } from "./context";
import { TransitionError, type SimStatus } from "./store";
import { DAY_MS } from "../../../../contracts/units";

const PlanSchema = z.object({
  mode: z.enum(["deliver", "lose", "repeat"]),
  times: z.number().int().min(1).max(50).optional(),
  concurrent: z.boolean().optional(),
});
const ActionBody = z.object({ callback: PlanSchema.optional() });
const ModeBody = PlanSchema.extend({ once: z.boolean().optional() });
const ReplayBody = z.object({ times: z.number().int().min(1).max(50).default(1), concurrent: z.boolean().default(false) });

// fail: the refund API refuses with PTL58 "Fail to refund"; error: it answers HTTP 500 without
// JSON (the client throws). Either way nothing is refunded.
const RefundModeBody = z.object({ mode: z.enum(["ok", "fail", "error"]), once: z.boolean().optional() });
const BackdateBody = z.object({ days: z.number().min(0).max(3650) });

const TARGET: Record<string, SimStatus> = { approve: "APPROVED", decline: "DECLINED", cancel: "CANCELLED", refund: "REFUNDED" };

async function body<T extends z.ZodTypeAny>(c: Context, schema: T): Promise<z.infer<T> | null> {
  const text = await c.req.text();
  let value: unknown;
  try {
    value = text.trim() ? JSON.parse(text) : {};
  } catch {
    return null;
  }
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export function createControlRoutes(sim: SimContext) {
  const app = new Hono();
  const find = (c: Context) => sim.store.find(c.req.param("tranId") ?? "");
  const takePlan = (explicit?: CallbackPlan): CallbackPlan => {
    if (explicit) return explicit;
    const next = sim.callbackMode.next;
    sim.callbackMode.next = null;
    return next ?? sim.callbackMode.standing;
  };

  app.get("/__sim/transactions", (c) => c.json({ transactions: sim.store.list() }));
  app.get("/__sim/transactions/:tranId", (c) => {
    const tx = find(c);
    return tx ? c.json({ transaction: tx }) : c.json({ error: "Unknown transaction" }, 404);
  });

  app.post("/__sim/callback-mode", async (c) => {
    const input = await body(c, ModeBody);
    if (!input) return c.json({ error: "Expected { mode: deliver|lose|repeat, times?, concurrent?, once? }" }, 400);
    const { once, ...plan } = input;
    if (once) sim.callbackMode.next = plan;
    else sim.callbackMode.standing = plan;
    return c.json({ callbackMode: sim.callbackMode });
  });

  app.post("/__sim/refund-mode", async (c) => {
    const input = await body(c, RefundModeBody);
    if (!input) return c.json({ error: "Expected { mode: ok|fail|error, once? }" }, 400);
    if (input.once) sim.refundMode.next = input.mode;
    else sim.refundMode = { standing: input.mode, next: null };
    return c.json({ refundMode: sim.refundMode });
  });

  // Moves a transaction's dates back, as if it had been made `days` earlier (the 30-day refund window).
  app.post("/__sim/transactions/:tranId/backdate", async (c) => {
    const tx = find(c);
    if (!tx) return c.json({ error: "Unknown transaction" }, 404);
    const input = await body(c, BackdateBody);
    if (!input) return c.json({ error: "Expected { days }" }, 400);
    const back = (d: Date) => new Date(d.getTime() - input.days * DAY_MS);
    tx.createdAt = back(tx.createdAt);
    tx.expiresAt = back(tx.expiresAt);
    if (tx.approvedAt) tx.approvedAt = back(tx.approvedAt);
    for (const r of tx.refunds) r.at = back(r.at);
    return c.json({ transaction: tx });
  });

  app.post("/__sim/rate-limits/reset", (c) => {
    sim.detailLimit.reset();
    return c.json({ ok: true });
  });

  app.post("/__sim/transactions/:tranId/callback", async (c) => {
    const tx = find(c);
    if (!tx) return c.json({ error: "Unknown transaction" }, 404);
    const input = await body(c, ReplayBody);
    if (!input) return c.json({ error: "Expected { times?, concurrent? }" }, 400);
    if (tx.status !== "APPROVED") return c.json({ error: `No callback for a ${tx.status} transaction` }, 409);
    const callbacks = await sendCallback(tx, { mode: "repeat", times: input.times, concurrent: input.concurrent }, sim.callbackSettings(tx.merchantId));
    return c.json({ transaction: tx, callbacks });
  });

  app.post("/__sim/transactions/:tranId/:action{approve|decline|cancel|refund|expire}", async (c) => {
    const tx = find(c);
    if (!tx) return c.json({ error: "Unknown transaction" }, 404);
    const input = await body(c, ActionBody);
    if (!input) return c.json({ error: "Expected { callback?: { mode, times?, concurrent? } }" }, 400);
    const action = c.req.param("action");
    try {
      if (action === "expire") {
        if (tx.status !== "PENDING") throw new TransitionError(tx.status, "CANCELLED");
        tx.expiresAt = sim.now();
        return c.json({ transaction: sim.store.find(tx.tranId), callbacks: [] });
      }
      sim.store.transition(tx, TARGET[action]!);
    } catch (err) {
      if (err instanceof TransitionError) return c.json({ error: err.message }, 409);
      throw err;
    }
    const callbacks = tx.status === "APPROVED" ? await sendCallback(tx, takePlan(input.callback), sim.callbackSettings(tx.merchantId)) : [];
    return c.json({ transaction: tx, callbacks });
  });
  return app;
}
