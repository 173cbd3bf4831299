// Runs the market simulator on its own, for local runs against OTP_SUPPLIER=upstream:
//   npx tsx server/providers/mail-supplier/simulator-main.ts --token dev-token --stock 50 --port 8787
//   OTP_SUPPLIER=upstream OTP_SUPPLIER_URL=http://127.0.0.1:8787 OTP_SUPPLIER_TOKEN=dev-token npm run dev
// Controls: POST /_sim/deliver {to, from, subject, text, html?} · PUT /_sim/stock {stock}
//           POST /_sim/fault {fault: {kind: http|garbage|delay|error, …}, times?} · GET /_sim/state
// Settings come from the command line (config.ts stays the only reader of the environment).
import { parseArgs } from "node:util";
import { z } from "zod";
import { startMarketSimulator } from "./simulator";

const Args = z.object({
  port: z.coerce.number().int().min(0).max(65535).default(8787),
  host: z.string().default("127.0.0.1"),
  token: z.array(z.string().min(1), { error: "at least one is required" }).min(1, "at least one is required"),
  stock: z.coerce.number().int().min(0).default(100),
  domain: z.array(z.string().min(3)).optional(),
});

const { values } = parseArgs({
  options: {
    port: { type: "string" },
    host: { type: "string" },
    token: { type: "string", multiple: true },
    stock: { type: "string" },
    domain: { type: "string", multiple: true },
  },
});
const parsed = Args.safeParse(values);
if (!parsed.success) {
  console.error(`market simulator: ${parsed.error.issues.map((i) => `--${i.path.join(".")}: ${i.message}`).join("; ")}`);
  process.exit(2);
}
const { port, host, token, stock, domain } = parsed.data;
const simulator = await startMarketSimulator({ port, host, tokens: token, stock, domains: domain });
console.log(`market simulator on ${simulator.url} (stock ${stock}, ${token.length} token(s))`);
const stop = () => void simulator.close().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
