// The desktop tool's licence API (/api/v1/licenses), protocol 2 (docs/licence-api.md): every
// outcome is an HTTP 200 whose exact bytes are signed with Ed25519 and which names its request
// (action, buy key, device key, nonce). Protocol 1 requests are answered the old way until the
// shop's LICENCE_V1_UNTIL date, then refused with 426 (decision 017).
import { OpenAPIHono, createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import {
  ActivateBodySchema,
  LicenseAnswerSchema,
  PublicKeySchema,
  ToolChangeKeyBodySchema,
  ValidateBodySchema,
  type LicenseAction,
  type LicenseCode,
} from "../../../contracts/licenses";
import type { AppEnv } from "../../auth/context";
import type { LicenseSettings } from "../../config";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/errors";
import { ANONYMOUS, errorResponses, JSON_BODY, jsonBody, TAG_NAMES } from "../../lib/openapi";
import { rateLimitHeaders, throwIfLimited, type RateLimitRule, type SharedRateLimiter } from "../../lib/rate-limit";
import type { LicenseCache } from "./cache";
import { normalizeBuyKey } from "./service";
import type { LicenseSignals } from "./signals";
import { SIGNATURE_HEADER, type Signer } from "./signing";
import { activateLicense, buildAnswer, changeDeviceKeyFromTool, validateLicense, type Outcome } from "./tool";

const signedAnswer = (description: string) => ({
  description,
  headers: z.object({ [SIGNATURE_HEADER]: z.string().describe('keyid="<key id>", ed25519=<base64 signature of the exact body bytes> (protocol 1: ed25519=<base64>)') }),
  content: { "application/json": { schema: LicenseAnswerSchema } },
});
/** Refusals that are no answer (the tool keeps its lease): the request itself was wrong. */
const notAnswers = errorResponses([...JSON_BODY, 426, 429], {
  400: "BAD_REQUEST: the body is not JSON, or nests deeper than 32 levels (no answer: keep the lease)",
  422: "VALIDATION_FAILED: a field breaks its rule (issues name it)",
  426: "UPGRADE_REQUIRED: a protocol 1 request after LICENCE_V1_UNTIL",
  429: "RATE_LIMITED: per address and per buy key; see Retry-After",
});
const v1Refusals = {
  404: signedAnswer("Protocol 1 only: NOT_FOUND, as a signed answer"),
  409: signedAnswer("Protocol 1 only: DEVICE_MISMATCH, DEVICE_IN_USE, EXPIRED (also for a suspended or revoked licence) or NO_CHANGES_LEFT, as a signed answer"),
};
const TAGS = [TAG_NAMES.desktopTool];
const EVERY_OUTCOME = "Every outcome, success or refusal: a signed answer (docs/licence-api.md)";
const BUY_KEY_IS_THE_CREDENTIAL = "No session or API key: the buy key in the body is the credential.";

const activateRoute = createRoute({
  method: "post",
  path: "/v1/licenses/activate",
  operationId: "activateLicense",
  tags: TAGS,
  security: ANONYMOUS,
  summary: "Activate a buy key on this device",
  description: `Binds the licence of the buy key to this device key; the first activation starts the licence's term. ${BUY_KEY_IS_THE_CREDENTIAL}`,
  request: jsonBody(ActivateBodySchema),
  responses: { 200: signedAnswer(EVERY_OUTCOME), ...v1Refusals, ...notAnswers },
});
const validateRoute = createRoute({
  method: "post",
  path: "/v1/licenses/validate",
  operationId: "validateLicense",
  tags: TAGS,
  security: ANONYMOUS,
  summary: "Check a licence on this device",
  description: `Whether the licence of the buy key is valid on this device key now, with its expiry and a lease. ${BUY_KEY_IS_THE_CREDENTIAL}`,
  request: jsonBody(ValidateBodySchema),
  responses: { 200: signedAnswer(EVERY_OUTCOME), ...notAnswers },
});
const changeKeyRoute = createRoute({
  method: "post",
  path: "/v1/licenses/change-key",
  operationId: "changeDeviceKey",
  tags: TAGS,
  security: ANONYMOUS,
  summary: "Move a licence to a new device key",
  description: `Moves the licence from the current device key to a new one, spending one of its key changes. ${BUY_KEY_IS_THE_CREDENTIAL}`,
  request: jsonBody(ToolChangeKeyBodySchema),
  responses: { 200: signedAnswer(EVERY_OUTCOME), ...v1Refusals, ...notAnswers },
});
const publicKeyRoute = createRoute({
  method: "get",
  path: "/v1/licenses/public-key",
  operationId: "listSigningKeys",
  tags: TAGS,
  security: ANONYMOUS,
  summary: "The keys that may sign licence answers",
  description:
    "The current and the previous Ed25519 keys that sign licence answers, the list endorsed by each of them, with every retired key and the list's version (docs/licence-api.md, \"Keys and their rotation\").",
  responses: {
    200: {
      description: "The key list; the header carries one signature per listed key, separated by ';'",
      headers: z.object({ [SIGNATURE_HEADER]: z.string() }),
      content: { "application/json": { schema: PublicKeySchema } },
    },
  },
});

const LIMITS: Record<"validate" | "change", { ip: RateLimitRule; key: RateLimitRule }> = {
  validate: { ip: { limit: 600, windowSeconds: 60 }, key: { limit: 60, windowSeconds: 60 } },
  change: { ip: { limit: 30, windowSeconds: 60 }, key: { limit: 10, windowSeconds: 60 } },
};

/** Protocol 1 refused activate and change-key with these statuses; protocol 2 never does. */
const V1_STATUS: Partial<Record<LicenseCode, 404 | 409>> = { NOT_FOUND: 404, DEVICE_MISMATCH: 409, DEVICE_IN_USE: 409, EXPIRED: 409, NO_CHANGES_LEFT: 409, SUSPENDED: 409, REVOKED: 409 };

interface Deps {
  db: Db;
  signer: Signer;
  limiter: SharedRateLimiter;
  settings: LicenseSettings;
  cache?: LicenseCache;
  signals?: LicenseSignals;
}

type ActivateBody = z.infer<typeof ActivateBodySchema>;
type ValidateBody = z.infer<typeof ValidateBodySchema>;
type ChangeKeyBody = z.infer<typeof ToolChangeKeyBodySchema>;
export type ToolAction = LicenseAction;

/** One signed answer: its status (200, or protocol 1's 404/409), the exact bytes and headers. */
export interface ToolReply {
  status: 200 | 404 | 409;
  body: string;
  headers: Record<string, string>;
}

/** The caller as both doors (the app's routes and the node fast path) know it. */
export interface ToolCaller {
  clientIp: string;
  /** Rate-limit headers, kept on a refusal too. */
  setHeader(name: string, value: string): void;
}

/**
 * The licence API's rules for one validated request, shared by the OpenAPI routes below and the
 * node fast path (tool-fast-path.ts): rate limits, protocol, the outcome, the signed answer.
 * Refusals that are no answer (429, 426) are thrown as AppError.
 */
export function createLicenseTool({ db, signer, limiter, settings, cache, signals }: Deps) {
  const limit = (caller: ToolCaller, kind: keyof typeof LIMITS, buyKey: string) => {
    const rules = LIMITS[kind];
    const results = [limiter.hit(`lic:${kind}:ip:${caller.clientIp}`, rules.ip), limiter.hit(`lic:${kind}:key:${buyKey}`, rules.key)];
    for (const [name, value] of Object.entries(rateLimitHeaders(results))) caller.setHeader(name, value);
    throwIfLimited(results);
  };

  /** Protocol 1 until its date; refused afterwards (the tool must update). */
  const protocolOf = (body: { protocol?: 1 | 2 }, now: Date): 1 | 2 => {
    if (body.protocol === 2) return 2;
    if (!settings.v1Until || now >= settings.v1Until) {
      throw new AppError("UPGRADE_REQUIRED", 'This version of the desktop tool is no longer supported. Update the tool (licence protocol 2: send "protocol": 2).');
    }
    return 1;
  };

  const answer = async (caller: ToolCaller, action: LicenseAction, protocol: 1 | 2, request: { buyKey: string; deviceKey: string; nonce?: string }, outcome: Outcome, now: Date, refusedKey?: string): Promise<ToolReply> => {
    if (signals && outcome.row) {
      signals.record(outcome.row.id, "address", caller.clientIp, now.getTime());
      if (outcome.code === "DEVICE_MISMATCH" && refusedKey) signals.record(outcome.row.id, "refused_key", refusedKey, now.getTime());
    }
    // The version and the signing key come from the same loaded key set: nothing awaits in between.
    const text = JSON.stringify(buildAnswer({ protocol, action, buyKey: request.buyKey, deviceKey: request.deviceKey, nonce: request.nonce ?? null }, outcome, now, settings.leaseDays, signer.keysVersion));
    const signed = await signer.signAnswer(text); // on the signing thread (server/lib/signing-thread.ts)
    return {
      status: protocol === 1 && action !== "validate" ? (V1_STATUS[outcome.code] ?? 200) : 200,
      body: text,
      headers: {
        [SIGNATURE_HEADER]: protocol === 2 ? signed.header : `ed25519=${signed.signature}`,
        "Cache-Control": "no-store",
        "Content-Type": "application/json; charset=utf-8",
      },
    };
  };

  return {
    async activate(input: ActivateBody, caller: ToolCaller): Promise<ToolReply> {
      const now = new Date();
      const protocol = protocolOf(input, now);
      const buyKey = normalizeBuyKey(input.buyKey);
      limit(caller, "change", buyKey);
      const outcome = await activateLicense({ db, buyKey, deviceKey: input.deviceKey, now });
      cache?.evict(buyKey); // this instance sees its own change at once
      return answer(caller, "activate", protocol, { ...input, buyKey }, outcome, now, input.deviceKey);
    },
    async validate(input: ValidateBody, caller: ToolCaller): Promise<ToolReply> {
      const now = new Date();
      const protocol = protocolOf(input, now);
      const buyKey = normalizeBuyKey(input.buyKey);
      limit(caller, "validate", buyKey);
      const outcome = await validateLicense({ db, cache, buyKey, deviceKey: input.deviceKey, now });
      return answer(caller, "validate", protocol, { ...input, buyKey }, outcome, now, input.deviceKey);
    },
    async changeKey(input: ChangeKeyBody, caller: ToolCaller): Promise<ToolReply> {
      const now = new Date();
      const protocol = protocolOf(input, now);
      const buyKey = normalizeBuyKey(input.buyKey);
      limit(caller, "change", buyKey);
      const outcome = await changeDeviceKeyFromTool({ db, buyKey, oldDeviceKey: input.oldDeviceKey, newDeviceKey: input.newDeviceKey, now });
      cache?.evict(buyKey);
      // Answered once every instance was told: the old key is refused wherever it is tried next.
      if (outcome.code === "KEY_CHANGED") await cache?.settle();
      return answer(caller, "change-key", protocol, { buyKey, deviceKey: input.newDeviceKey, nonce: input.nonce }, outcome, now, input.newDeviceKey);
    },
  };
}

export type LicenseTool = ReturnType<typeof createLicenseTool>;

/** The request bodies by path under /api, for the node fast path. */
export const TOOL_BODIES = {
  "/v1/licenses/activate": { schema: ActivateBodySchema, run: (tool: LicenseTool, input: unknown, caller: ToolCaller) => tool.activate(input as ActivateBody, caller) },
  "/v1/licenses/validate": { schema: ValidateBodySchema, run: (tool: LicenseTool, input: unknown, caller: ToolCaller) => tool.validate(input as ValidateBody, caller) },
  "/v1/licenses/change-key": { schema: ToolChangeKeyBodySchema, run: (tool: LicenseTool, input: unknown, caller: ToolCaller) => tool.changeKey(input as ChangeKeyBody, caller) },
} as const;

export function createLicenseToolRoutes(tool: LicenseTool, signer: Signer) {
  const caller = (c: Context<AppEnv>): ToolCaller => ({ clientIp: c.get("clientIp"), setHeader: (name, value) => c.header(name, value) });
  const reply = (c: Context<AppEnv>, r: ToolReply) => c.body(r.body, r.status, r.headers) as never;

  return new OpenAPIHono<AppEnv>()
    .openapi(activateRoute, async (c) => reply(c, await tool.activate(c.req.valid("json"), caller(c))))
    .openapi(validateRoute, async (c) => reply(c, await tool.validate(c.req.valid("json"), caller(c))))
    .openapi(changeKeyRoute, async (c) => reply(c, await tool.changeKey(c.req.valid("json"), caller(c))))
    .openapi(publicKeyRoute, (c) => {
      const list = signer.keyList();
      c.header(SIGNATURE_HEADER, list.signatureHeader);
      // Short, so a rotation reaches tools within minutes.
      c.header("Cache-Control", "public, max-age=300");
      return c.body(list.body, 200, { "Content-Type": "application/json; charset=utf-8" }) as never;
    });
}
