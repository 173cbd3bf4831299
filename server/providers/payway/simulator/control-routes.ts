// Test-control endpoints (not PayWay's): drive the state machine, and lose or repeat callbacks.
//   POST /__sim/transactions/:tranId/{approve,decline,cancel,refund,expire}  body { callback? }
//   POST /__sim/transactions/:tranId/callback                                 body { times?, concurrent? }
//   POST /__sim/callback-mode                                                 body { mode, times?, concurrent?, once? }
//   POST /__sim/rate-limits/reset                                             (transaction-detail's 10/min)
//   GET  /__sim/transactions[/:tranId]
import { Hono, type Context } from "hono";
import { z } from "zod";
import { sendCallback, type CallbackPlan } from "./callbacks";
import type { SimContext } from "./context";
import { TransitionError, type SimStatus } from "./store";

const PlanSchema = z.object({
  mode: z.enum(["deliver", "lose", "repeat"]),
  times: z.number().int().min(1).max(50).optional(),
  concurrent: z.boolean().optional(),
});
const ActionBody = z.object({ callback: PlanSchema.optional() });
const ModeBody = PlanSchema.extend({ once: z.boolean().optional() });
const ReplayBody = z.object({ times: z.number().int().min(1).max(50).default(1), concurrent: z.boolean().default(false) });

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
