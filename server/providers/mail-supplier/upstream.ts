// The upstream OTP-mail market, spoken in Kopeechka's wire format (the de-facto protocol its
// look-alikes copy, docs/decisions/009): GET <base>/<method>?…&token=…&type=JSON&api=2.0, and every
// answer, errors included, is HTTP 200 with {"status":"OK",…} or {"status":"ERROR","value":CODE}.
//   mailbox-get-email   site, sender, mail_type  → {"status":"OK","id":TASK_ID,"mail":"…"}
//   mailbox-get-message id, full=1               → {"status":"OK","value":…,"fullmessage":"…"} | WAIT_LINK
//   mailbox-cancel      id                       → {"status":"OK"}
// Everything that comes back is parsed with zod; anything unexpected is SupplierError
// 'unavailable', never a crash. The protocol puts the token in the query string, so the URL is
// never logged nor put in an error message.
import { OTP_SERVICE_CATALOGUE } from "../../../contracts/otp-services";
import { z } from "zod";
import type { InboundMail } from "./types";
import { SupplierError, type MailSupplier } from "./types";

/** What we ask the market for, per service of ours. */
export interface UpstreamSite {
  /** The market's `site` parameter. */
  site: string;
  /** The market's `sender` filter: only letters whose sender contains it are handed out. */
  sender: string;
}

/** Every service of the catalogue, passed through to the market as its `site` (and sender filter). */
export const UPSTREAM_SITES: Record<string, UpstreamSite> = Object.fromEntries(OTP_SERVICE_CATALOGUE.map((s) => [s.id, s.upstream]));

export interface UpstreamOptions {
  baseUrl: string;
  token: string;
  /** The market's `mail_type`: a domain (gmail.com) or a group (REAL, OUTLOOK…). */
  mailType?: string;
  timeoutMs?: number;
  sites?: Record<string, UpstreamSite>;
}

export const UPSTREAM_DEFAULT_TIMEOUT_MS = 10_000;

type Reason = SupplierError["reason"];

/** The market's error codes (Kopeechka's documented list) and what they mean for us. */
const ERROR_CODES: Record<string, [Reason, string]> = {
  OUT_OF_STOCK: ["no_stock", "no mailbox in stock for this site and mail type"],
  BAD_TOKEN: ["bad_token", "the market refused our token"],
  BAD_BALANCE: ["rejected", "our account at the market has no funds"],
  BAD_SITE: ["rejected", "the market does not serve this site"],
  BAD_DOMAIN: ["rejected", "the market does not know this mail type"],
  BAD_EMAIL: ["rejected", "the market banned this mailbox"],
  NO_ACTIVATION: ["rejected", "the market does not know this activation"],
  ACTIVATION_NOT_FOUND: ["rejected", "the market has no earlier activation with a letter for this address and site"],
  ACTIVATION_CANCELED: ["rejected", "the activation was already cancelled at the market"],
  TIME_LIMIT_EXCEED: ["unavailable", "the market rate-limited us"],
  SYSTEM_ERROR: ["unavailable", "the market reported an internal error"],
};

function errorFor(method: string, code: string): SupplierError {
  const known = ERROR_CODES[code];
  if (known) return new SupplierError(known[0], `${method}: ${known[1]} (${code})`);
  // Only a code-looking value goes into our logs, not whatever text the market sent.
  const shown = /^[A-Z_]{1,40}$/.test(code) ? code : "unrecognised";
  return new SupplierError("unavailable", `${method}: unexpected error code ${shown}`);
}

const ErrorAnswer = z.object({ status: z.literal("ERROR"), value: z.string().max(200) });
// The docs print TASK_ID as a JSON number; some clients type it as a string: accept both.
const TaskId = z.union([z.number().int().nonnegative(), z.string().regex(/^[A-Za-z0-9_-]{1,64}$/)]).transform(String);
const GetEmailOk = z.object({ status: z.literal("OK"), id: TaskId, mail: z.email().max(254) });
const GetMessageOk = z.object({ status: z.literal("OK"), value: z.string().nullish(), fullmessage: z.string().nullish() });
const CancelOk = z.object({ status: z.literal("OK") });

type Answer = { ok: true; body: unknown } | { ok: false; code: string };

export function createUpstreamSupplier(options: UpstreamOptions): MailSupplier {
  const base = new URL(options.baseUrl.endsWith("/") ? options.baseUrl : `${options.baseUrl}/`);
  const timeoutMs = options.timeoutMs ?? UPSTREAM_DEFAULT_TIMEOUT_MS;
  const sites = options.sites ?? UPSTREAM_SITES;
  const mailType = options.mailType ?? "gmail.com";

  async function call(method: string, params: Record<string, string>): Promise<Answer> {
    const url = new URL(method, base);
    url.search = new URLSearchParams({ ...params, token: options.token, type: "JSON", api: "2.0" }).toString();
    let text: string;
    try {
      // The timeout covers the body too; a redirect would resend the token elsewhere, so it fails.
      const res = await fetch(url, { headers: { accept: "application/json" }, redirect: "error", signal: AbortSignal.timeout(timeoutMs) });
      if (!res.ok) {
        await res.body?.cancel().catch(() => {});
        throw new SupplierError("unavailable", `${method}: the market answered HTTP ${res.status}`);
      }
      text = await res.text();
    } catch (err) {
      if (err instanceof SupplierError) throw err;
      const name = (err as Error)?.name;
      if (name === "TimeoutError" || name === "AbortError") throw new SupplierError("unavailable", `${method}: no answer within ${timeoutMs} ms`);
      const code = (err as { cause?: { code?: unknown } })?.cause?.code;
      throw new SupplierError("unavailable", `${method}: the market is unreachable${typeof code === "string" ? ` (${code})` : ""}`);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new SupplierError("unavailable", `${method}: the market answered with something that is not JSON`);
    }
    const failed = ErrorAnswer.safeParse(json);
    return failed.success ? { ok: false, code: failed.data.value } : { ok: true, body: json };
  }

  function parse<T extends z.ZodType>(method: string, schema: T, body: unknown): z.output<T> {
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new SupplierError("unavailable", `${method}: unexpected answer from the market`);
    return parsed.data;
  }

  return {
    id: "upstream",

    serves: (service) => Object.hasOwn(sites, service),

    async acquire({ service }) {
      const target = sites[service];
      if (!target) throw new SupplierError("rejected", `mailbox-get-email: no market site for service ${service}`);
      const method = "mailbox-get-email";
      const answer = await call(method, { site: target.site, sender: target.sender, mail_type: mailType });
      if (!answer.ok) throw errorFor(method, answer.code);
      const { id, mail } = parse(method, GetEmailOk, answer.body);
      return { address: mail.toLowerCase(), ref: id };
    },

    async reorder({ address, service }) {
      const target = sites[service];
      if (!target) throw new SupplierError("rejected", `mailbox-reorder: no market site for service ${service}`);
      const method = "mailbox-reorder";
      const answer = await call(method, { site: target.site, email: address });
      if (!answer.ok) throw errorFor(method, answer.code);
      const { id, mail } = parse(method, GetEmailOk, answer.body);
      return { address: mail.toLowerCase(), ref: id };
    },

    async messages({ ref, service }) {
      const method = "mailbox-get-message";
      const answer = await call(method, { id: ref, full: "1" });
      if (!answer.ok) {
        if (answer.code === "WAIT_LINK") return []; // no letter yet
        // Cancelled at the market (by us or by its own timeout): no letter will come; our expiry refunds.
        if (answer.code === "ACTIVATION_CANCELED") return [];
        throw errorFor(method, answer.code);
      }
      const { value, fullmessage } = parse(method, GetMessageOk, answer.body);
      const body = fullmessage || value || "";
      if (!body) return [];
      const target = sites[service];
      if (!target) throw new SupplierError("rejected", `${method}: no market site for service ${service}`);
      const isHtml = /<[a-z][\s\S]*>/i.test(body);
      // The market returns one letter per activation and no headers: no subject, no date, no From.
      // It only hands out letters whose sender matched the `sender` filter we ordered with, so that
      // filter is the From we report (for the extractor's sender check). Activations only see mail
      // that arrived after they were created, so "now" is a safe receivedAt for the since-gate.
      const mail: InboundMail = {
        from: `checked-by-market@${target.sender}`,
        subject: "",
        text: isHtml ? "" : body,
        html: isHtml ? body : null,
        receivedAt: new Date(),
      };
      return [mail];
    },

    async release({ ref }) {
      const method = "mailbox-cancel";
      const answer = await call(method, { id: ref });
      if (answer.ok) {
        parse(method, CancelOk, answer.body);
        return;
      }
      if (answer.code === "ACTIVATION_CANCELED") return; // already cancelled: what we wanted
      throw errorFor(method, answer.code);
    },
  };
}
