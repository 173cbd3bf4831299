// The desktop tool's licence API (/api/v1/licenses). Answers are signed with Ed25519 over the
// exact response bytes; the tool verifies them with the published key and checks its nonce.
import { OpenAPIHono, createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { ErrorBodySchema } from "../../../contracts/errors";
import {
  ActivateBodySchema,
  LicenseAnswerSchema,
  PublicKeySchema,
  ToolChangeKeyBodySchema,
  ValidateBodySchema,
  type LicenseAnswer,
} from "../../../contracts/licenses";
import type { AppEnv } from "../../auth/context";
import type { Db } from "../../db/client";
import { applyRateLimit, type RateLimitRule, type SharedRateLimiter } from "../../lib/rate-limit";
import { activateLicense, changeLicenseKeyFromTool, normalizeBuyKey, validateLicense } from "./service";
import type { LicenceCache } from "./cache";
import { SIGNATURE_HEADER, type Signer } from "./signing";

const json = <T extends z.ZodTypeAny>(schema: T, description: string) => ({ description, content: { "application/json": { schema } } });
const signedAnswer = {
  description: `A signed answer: header ${SIGNATURE_HEADER} is "ed25519=<base64 signature of the exact body bytes>"`,
  headers: z.object({ [SIGNATURE_HEADER]: z.string() }),
  content: { "application/json": { schema: LicenseAnswerSchema } },
};
const errors = {
  404: json(ErrorBodySchema, "NOT_FOUND: no licence has this buy key"),
  409: json(ErrorBodySchema, "DEVICE_MISMATCH, EXPIRED or NO_CHANGES_LEFT"),
  422: json(ErrorBodySchema, "Invalid input"),
  429: json(ErrorBodySchema, "Rate limited; see Retry-After"),
};
const body = <T extends z.ZodTypeAny>(schema: T) => ({ body: { content: { "application/json": { schema } }, required: true } });

const activateRoute = createRoute({ method: "post", path: "/v1/licenses/activate", tags: ["desktop tool"], summary: "Activate a buy key on this device (first activation starts the term)", request: body(ActivateBodySchema), responses: { 200: signedAnswer, ...errors } });
const validateRoute = createRoute({ method: "post", path: "/v1/licenses/validate", tags: ["desktop tool"], summary: "Check a licence on this device; every outcome is a signed answer", request: body(ValidateBodySchema), responses: { 200: signedAnswer, 422: errors[422], 429: errors[429] } });
const changeKeyRoute = createRoute({ method: "post", path: "/v1/licenses/change-key", tags: ["desktop tool"], summary: "Move the licence from the current device key to a new one (spends one change)", request: body(ToolChangeKeyBodySchema), responses: { 200: signedAnswer, ...errors } });
const publicKeyRoute = createRoute({ method: "get", path: "/v1/licenses/public-key", tags: ["desktop tool"], summary: "The Ed25519 public key that signs licence answers", responses: { 200: json(PublicKeySchema, "The key") } });

const LIMITS: Record<"validate" | "change", { ip: RateLimitRule; key: RateLimitRule }> = {
  validate: { ip: { limit: 600, windowSeconds: 60 }, key: { limit: 60, windowSeconds: 60 } },
  change: { ip: { limit: 30, windowSeconds: 60 }, key: { limit: 10, windowSeconds: 60 } },
};

export function createLicenseToolRoutes({ db, signer, limiter, cache }: { db: Db; signer: Signer; limiter: SharedRateLimiter; cache?: LicenceCache }) {
  const limit = (c: Context<AppEnv>, kind: keyof typeof LIMITS, buyKey: string) => {
    const rules = LIMITS[kind];
    applyRateLimit(c, [
      limiter.hit(`lic:${kind}:ip:${c.get("clientIp")}`, rules.ip),
      limiter.hit(`lic:${kind}:key:${normalizeBuyKey(buyKey)}`, rules.key),
    ]);
  };
  const signed = (c: Context<AppEnv>, answer: LicenseAnswer) => {
    const text = JSON.stringify(answer);
    c.header(SIGNATURE_HEADER, `ed25519=${signer.sign(text)}`);
    c.header("Cache-Control", "no-store");
    return c.body(text, 200, { "Content-Type": "application/json; charset=utf-8" }) as never;
  };

  return new OpenAPIHono<AppEnv>()
    .openapi(activateRoute, async (c) => {
      const input = c.req.valid("json");
      limit(c, "change", input.buyKey);
      const result = await activateLicense({ db, ...input });
      cache?.evict(normalizeBuyKey(input.buyKey)); // this instance sees its own change at once
      return signed(c, result);
    })
    .openapi(validateRoute, async (c) => {
      const input = c.req.valid("json");
      limit(c, "validate", input.buyKey);
      return signed(c, await validateLicense({ db, cache, ...input }));
    })
    .openapi(changeKeyRoute, async (c) => {
      const input = c.req.valid("json");
      limit(c, "change", input.buyKey);
      const result = await changeLicenseKeyFromTool({ db, ...input });
      cache?.evict(normalizeBuyKey(input.buyKey));
      return signed(c, result);
    })
    .openapi(publicKeyRoute, (c) => {
      c.header("Cache-Control", "public, max-age=3600");
      return c.json(
        { algorithm: "Ed25519" as const, keyId: signer.keyId, publicKeyPem: signer.publicKeyPem, publicKeyBase64: signer.publicKeyBase64, signatureHeader: SIGNATURE_HEADER },
        200,
      );
    });
}
