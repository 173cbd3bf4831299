// A simulator of the upstream OTP-mail market (unreachable from tests and dev), speaking its real
// wire format: Kopeechka's GET methods with token/type/api in the query, HTTP 200 for business
// errors, {"status":"ERROR","value":CODE} (or ERROR|CODE with type=TEXT). Modelled behaviour:
// - a mailbox is sold per activation while stock lasts (OUT_OF_STOCK after), on a known domain;
// - a letter reaches an activation only if it is for that address, arrives after the purchase
//   and its sender contains the `sender` filter (or the site's name without its TLD);
// - one letter per activation (the first): the market wants a paid reorder for more;
// - cancelling an activation without a letter gives its mailbox back to stock.
// Controls for tests and people live under /_sim (not part of the market's protocol), and the
// same controls are methods on the returned object.
import { serve, type ServerType } from "@hono/node-server";
import { Hono, type Context } from "hono";
import { z } from "zod";

export interface SimulatedLetter {
  from: string;
  subject: string;
  text: string;
  html?: string;
}

/** A misbehaviour for the next request(s) to a market method. */
export type SimulatorFault =
  | { kind: "http"; status: number }
  | { kind: "garbage" }
  | { kind: "json"; body: unknown }
  | { kind: "delay"; ms: number }
  | { kind: "error"; value: string };

export interface SimulatorOptions {
  tokens: string[];
  stock?: number;
  /** Domains mailboxes are made on; the first serves the groups (empty, ALL, REAL). */
  domains?: string[];
}

interface Activation {
  id: number;
  token: string;
  site: string;
  sender: string;
  regex?: string;
  address: string;
  status: "READY" | "DONE" | "CANCELED";
  letter?: SimulatedLetter;
}

const GROUPS = new Set(["", "ALL", "REAL"]);
const LetterSchema = z.object({ to: z.email(), from: z.string().min(3).max(320), subject: z.string().max(998).default(""), text: z.string().max(100_000).default(""), html: z.string().max(500_000).optional() });
const StockSchema = z.object({ stock: z.number().int().min(0).max(1_000_000) });
const FaultSchema = z.object({
  fault: z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("http"), status: z.number().int().min(400).max(599) }),
    z.object({ kind: z.literal("garbage") }),
    z.object({ kind: z.literal("json"), body: z.unknown() }),
    z.object({ kind: z.literal("delay"), ms: z.number().int().min(0).max(120_000) }),
    z.object({ kind: z.literal("error"), value: z.string().regex(/^[A-Z_]{1,40}$/) }),
  ]),
  times: z.number().int().min(1).max(1000).default(1),
});

export function createMarketSimulator(options: SimulatorOptions) {
  const tokens = new Set(options.tokens);
  const domains = (options.domains ?? ["gmail.com"]).map((d) => d.toLowerCase());
  let stock = options.stock ?? 100;
  let nextId = 1_000_001;
  const activations = new Map<number, Activation>();
  const calls: Record<string, number> = {};
  const faults: SimulatorFault[] = [];
  const delayed = new Map<NodeJS.Timeout, () => void>();

  /** Answers in the format the caller asked for (JSON by default, or TEXT). */
  function answer(c: Context, json: Record<string, unknown>, text: string) {
    return (c.req.query("type") ?? "JSON").toUpperCase() === "TEXT" ? c.text(text) : c.json(json);
  }
  const error = (c: Context, value: string) => answer(c, { status: "ERROR", value }, `ERROR|${value}`);

  function pickDomain(mailType: string): string | undefined {
    for (const wanted of mailType.split(",").map((t) => t.trim())) {
      if (GROUPS.has(wanted.toUpperCase())) return domains[0];
      if (domains.includes(wanted.toLowerCase())) return wanted.toLowerCase();
    }
    return undefined;
  }

  function owned(c: Context): Activation | undefined {
    const activation = activations.get(Number(c.req.query("id")));
    return activation && activation.token === c.req.query("token") ? activation : undefined;
  }

  const app = new Hono();

  // Every market method: count the call, check the token, then play any queued fault.
  app.use("/mailbox-*", async (c, next) => {
    const method = c.req.path.slice(1);
    calls[method] = (calls[method] ?? 0) + 1;
    const fault = faults.shift();
    if (fault?.kind === "http") return c.text("Internal Server Error", fault.status as 500);
    if (fault?.kind === "garbage") return c.html("<html><body>502 Bad Gateway</body></html>");
    if (fault?.kind === "json") return c.json(fault.body as Record<string, unknown>);
    if (fault?.kind === "error") return error(c, fault.value);
    if (fault?.kind === "delay") {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          delayed.delete(timer);
          resolve();
        }, fault.ms);
        delayed.set(timer, resolve);
      });
    }
    if (!tokens.has(c.req.query("token") ?? "")) return error(c, "BAD_TOKEN");
    await next();
  });

  app.get("/mailbox-get-email", (c) => {
    const site = (c.req.query("site") ?? "").trim().toLowerCase();
    if (!site) return error(c, "BAD_SITE");
    const domain = pickDomain(c.req.query("mail_type") ?? "");
    if (!domain) return error(c, "BAD_DOMAIN");
    if (stock <= 0) return error(c, "OUT_OF_STOCK");
    stock--;
    const id = nextId++;
    const activation: Activation = {
      id,
      token: c.req.query("token")!,
      site,
      sender: (c.req.query("sender") || site.split(".")[0]!).toLowerCase(),
      regex: c.req.query("regex") || undefined,
      address: `sim${id}.${Math.random().toString(36).slice(2, 8)}@${domain}`,
      status: "READY",
    };
    activations.set(id, activation);
    return answer(c, { status: "OK", id, mail: activation.address }, `OK|${id}|${activation.address}`);
  });

  app.get("/mailbox-get-message", (c) => {
    const activation = owned(c);
    if (!activation) return error(c, "NO_ACTIVATION");
    if (activation.status === "CANCELED") return error(c, "ACTIVATION_CANCELED");
    const letter = activation.letter;
    if (!letter) return error(c, "WAIT_LINK");
    const full = letter.html ?? letter.text;
    const value = parsedValue(letter, activation.regex);
    const wantsFull = c.req.query("full") === "1";
    // TEXT gives the full letter when asked for, or when nothing could be parsed out of it.
    return answer(c, { status: "OK", value, ...(wantsFull ? { fullmessage: full } : {}) }, wantsFull || !value ? full : value);
  });

  // Another activation on the same address and site, only after a first letter (as the market's docs say).
  app.get("/mailbox-reorder", (c) => {
    const site = (c.req.query("site") ?? "").trim().toLowerCase();
    const email = (c.req.query("email") ?? "").trim().toLowerCase();
    const first = [...activations.values()].find((a) => a.token === c.req.query("token") && a.address === email && a.site === site && a.letter);
    if (!first) return error(c, "ACTIVATION_NOT_FOUND");
    const id = nextId++;
    activations.set(id, { ...first, id, status: "READY", letter: undefined });
    return answer(c, { status: "OK", id, mail: first.address }, `OK|${id}|${first.address}`);
  });

  app.get("/mailbox-cancel", (c) => {
    const activation = owned(c);
    if (!activation) return error(c, "NO_ACTIVATION");
    if (activation.status === "CANCELED") return error(c, "ACTIVATION_CANCELED");
    if (!activation.letter) stock++;
    activation.status = "CANCELED";
    return answer(c, { status: "OK" }, "OK");
  });

  const controls = {
    /** Mail arriving at the market's mailbox; returns how many activations took it. */
    deliver(input: z.input<typeof LetterSchema>): number {
      const letter = LetterSchema.parse(input);
      const from = letter.from.toLowerCase();
      let taken = 0;
      for (const a of activations.values()) {
        if (a.address !== letter.to.toLowerCase() || a.status !== "READY" || !from.includes(a.sender)) continue;
        a.letter = { from: letter.from, subject: letter.subject, text: letter.text, html: letter.html };
        a.status = "DONE";
        taken++;
      }
      return taken;
    },
    setStock(value: number) {
      stock = StockSchema.parse({ stock: value }).stock;
    },
    /** The next `times` market requests misbehave this way. */
    failNext(fault: SimulatorFault, times = 1) {
      const parsed = FaultSchema.parse({ fault, times });
      for (let i = 0; i < parsed.times; i++) faults.push(parsed.fault);
    },
    state() {
      return { stock, calls: { ...calls }, activations: [...activations.values()].map(({ id, address, status, site, sender }) => ({ id, address, status, site, sender })) };
    },
    /** Ends delayed answers at once (for shutting down). */
    stopTimers() {
      for (const [timer, resolve] of delayed) {
        clearTimeout(timer);
        resolve();
      }
      delayed.clear();
    },
  };

  app.post("/_sim/deliver", async (c) => c.json({ delivered: controls.deliver(await c.req.json()) }));
  app.put("/_sim/stock", async (c) => {
    controls.setStock(StockSchema.parse(await c.req.json()).stock);
    return c.json(controls.state());
  });
  app.post("/_sim/fault", async (c) => {
    const { fault, times } = FaultSchema.parse(await c.req.json());
    controls.failNext(fault, times);
    return c.json({ queued: faults.length });
  });
  app.get("/_sim/state", (c) => c.json(controls.state()));
  app.onError((err, c) => (err instanceof z.ZodError || err instanceof SyntaxError ? c.json({ error: "invalid control input" }, 422) : c.json({ error: "simulator failure" }, 500)));

  return { app, ...controls };
}

/** Kopeechka's `value`: the caller's regex match (group 1 if any), else the first link. */
function parsedValue(letter: SimulatedLetter, regex?: string): string {
  const body = `${letter.subject}\n${letter.text}\n${letter.html ?? ""}`;
  if (regex) {
    try {
      const m = new RegExp(regex).exec(body);
      return m ? (m[1] ?? m[0]) : "";
    } catch {
      return "";
    }
  }
  return /https?:\/\/[^\s"'<>]+/.exec(body)?.[0] ?? "";
}

export type MarketSimulator = ReturnType<typeof createMarketSimulator>;

/** The simulator on its own port (0 picks a free one). */
export async function startMarketSimulator(options: SimulatorOptions & { port?: number; host?: string }) {
  const simulator = createMarketSimulator(options);
  const host = options.host ?? "127.0.0.1";
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: simulator.app.fetch, port: options.port ?? 0, hostname: host }, () => resolve(s));
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : (options.port ?? 0);
  return {
    ...simulator,
    port,
    url: `http://${host}:${port}`,
    close: async () => {
      simulator.stopTimers();
      (server as { closeAllConnections?: () => void }).closeAllConnections?.();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
