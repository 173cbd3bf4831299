// Licences: the dashboard's and the desktop tool's contracts, and the spec's field rules.
import { z } from "zod";
import { KNOWN_CODES } from "../clients/licence-client/src/answer";
import { DEVICE_KEY_MARKER, DEVICE_KEY_MESSAGES } from "./device-key";
import { singleLineText } from "./text";

export { DEVICE_KEY_MARKER, DEVICE_KEY_MESSAGES, EXPIRED_KEY_MARKER } from "./device-key";

/** The new device key: not empty, contains LDREEL (the spec's texts). */
export const DeviceKeySchema = singleLineText(DEVICE_KEY_MESSAGES.empty)
  .min(1, DEVICE_KEY_MESSAGES.empty)
  .max(512, "License key is too long")
  .refine((v) => v.includes(DEVICE_KEY_MARKER), DEVICE_KEY_MESSAGES.format)
  .meta({ pattern: DEVICE_KEY_MARKER, description: `A device key as the desktop tool shows it: it contains ${DEVICE_KEY_MARKER} (spaces around it are trimmed)` });

export const BuyKeySchema = singleLineText().min(8, "Buy key is too short").max(64, "Buy key is too long");

/** The term's state (the spec's rule): what the desktop tool's answers carry in `status`. */
export const TermStatusSchema = z.enum(["New", "Active", "Expired"]);
export type TermStatus = z.infer<typeof TermStatusSchema>;
/** What the dashboard shows: the term's state, unless an admin suspended or revoked the licence. */
export const LicenseStatusSchema = z.enum(["New", "Active", "Expired", "Suspended", "Revoked"]);
export type LicenseStatus = z.infer<typeof LicenseStatusSchema>;

export const LicenseSchema = z.object({
  id: z.string(),
  name: z.string(),
  deviceKey: z.string().nullable(),
  buyKey: z.string(),
  startDate: z.string().nullable(),
  expireDate: z.string().nullable(),
  status: LicenseStatusSchema,
  changesLeft: z.number().int(),
  /** Days the term runs from first activation (plan period and bonus, plus renewals before activation). */
  termDays: z.number().int(),
  /** The plan's English title (the spec's); pages show planTitle(planMonths, language) instead. */
  planTitle: z.string().nullable(),
  /** The plan's length in months, which its title in every language comes from (null: no plan). */
  planMonths: z.number().int().nullable(),
  canChangeKey: z.boolean(),
  /** Revoked (the order that bought it was refunded, decision 024): it no longer works. */
  revokedAt: z.string().nullable(),
});
export type License = z.infer<typeof LicenseSchema>;

export const LicenseListQuerySchema = z.object({ search: singleLineText().max(200).optional().default("") });
export const LicenseListSchema = z.object({ licenses: z.array(LicenseSchema) });

export const RenameLicenseBodySchema = z.object({ name: singleLineText().max(100, "Name is too long (100 characters at most)") });
export const ChangeDeviceKeyBodySchema = z.object({ deviceKey: DeviceKeySchema });

export const LicenseHistoryEntrySchema = z.object({
  id: z.string(),
  changeDate: z.string(),
  changedBy: z.string().nullable(),
  email: z.string(),
  buykey: z.string(),
  oldDeviceKey: z.string().nullable(),
  newDeviceKey: z.string().nullable(),
  status: z.string(),
  notes: z.string().nullable(),
});
export type LicenseHistoryEntry = z.infer<typeof LicenseHistoryEntrySchema>;
export const LicenseHistoryQuerySchema = z.object({
  search: singleLineText().max(200).optional().default(""),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});
export const LicenseHistoryListSchema = z.object({
  entries: z.array(LicenseHistoryEntrySchema),
  /** Entries matching: exact up to 10,000, else the database's estimate (totalIsEstimate). */
  total: z.number().int(),
  totalIsEstimate: z.boolean(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

// ---- Desktop tool API (/api/v1/licenses): protocol 2, see docs/licence-api.md ----

/**
 * The answer's codes: the reference client's list, which customers embed without this repository
 * (clients/licence-client/src/answer.ts is their one owner; a new code goes there first, decision 072).
 */
export const LicenseCodeSchema = z.enum(KNOWN_CODES);
export type LicenseCode = z.infer<typeof LicenseCodeSchema>;

export const LICENSE_MESSAGES: Record<LicenseCode, string> = {
  VALID: "The license is valid on this device.",
  ACTIVATED: "The license is now active on this device.",
  ALREADY_ACTIVE: "The license is already active on this device.",
  KEY_CHANGED: "The license moved to the new device key.",
  NOT_FOUND: "No license has this buy key.",
  NOT_ACTIVATED: "The license has not been activated yet. Activate it with this device key first.",
  DEVICE_MISMATCH: "The license is bound to another device. Use a key change to move it to this one.",
  DEVICE_IN_USE: "This device key is already bound to another license. Move or release that license first.",
  EXPIRED: "The license has expired.",
  NO_CHANGES_LEFT: "No key changes left for this license.",
  SUSPENDED: "The license is suspended. Contact support.",
  REVOKED: "The license has been revoked and cannot be used any more.",
};

export const LicenseActionSchema = z.enum(["activate", "validate", "change-key"]);
export type LicenseAction = z.infer<typeof LicenseActionSchema>;

/** Protocol 2: a fresh random value per request, echoed in the signed answer. */
export const NonceSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,128}$/, "nonce: 16–128 characters from A–Z, a–z, 0–9, _ and -");
/** Protocol 1's nonce (validate only, optional): kept as it was during the grace period. */
const V1NonceSchema = singleLineText(undefined, { trim: false }).min(8).max(128);

const ProtocolSchema = z.union([z.literal(1), z.literal(2)]).optional().describe("2 for this protocol; absent or 1: protocol 1 (grace period)");
const AnyDeviceKey = singleLineText().min(1, DEVICE_KEY_MESSAGES.empty).max(512).meta({ description: "The device key the licence is checked on (spaces around it are trimmed)" });
/** The request's nonce, as the JSON Schema can say it (its rule depends on `protocol`). */
const RequestNonce = singleLineText(undefined, { trim: false })
  .max(128)
  .optional()
  .meta({ description: "Protocol 2: required, 16–128 characters from A–Z, a–z, 0–9, _ and - (echoed in the signed answer). Protocol 1: optional, 8–128 characters." });

// Built once: a schema made per request cost the licence answer's hot path its allocations.
const OptionalNonce = { 1: V1NonceSchema.optional(), 2: NonceSchema.optional() } as const;

/** Protocol 2 needs its nonce; protocol 1 keeps its optional one. */
function nonceByProtocol(body: { protocol?: 1 | 2; nonce?: string }, ctx: z.RefinementCtx) {
  const result = OptionalNonce[body.protocol === 2 ? 2 : 1].safeParse(body.nonce);
  if (body.protocol === 2 && body.nonce === undefined) ctx.addIssue({ code: "custom", path: ["nonce"], message: "nonce: required with protocol 2" });
  else if (!result.success) ctx.addIssue({ code: "custom", path: ["nonce"], message: result.error.issues[0]!.message });
}

export const ActivateBodySchema = z
  .object({ protocol: ProtocolSchema, buyKey: BuyKeySchema, deviceKey: DeviceKeySchema, nonce: RequestNonce })
  .superRefine(nonceByProtocol);
export const ValidateBodySchema = z
  .object({ protocol: ProtocolSchema, buyKey: BuyKeySchema, deviceKey: AnyDeviceKey, nonce: RequestNonce })
  .superRefine(nonceByProtocol);
export const ToolChangeKeyBodySchema = z
  .object({ protocol: ProtocolSchema, buyKey: BuyKeySchema, oldDeviceKey: AnyDeviceKey, newDeviceKey: DeviceKeySchema, nonce: RequestNonce })
  .superRefine(nonceByProtocol);

/**
 * What the tool receives, signed over its exact bytes. `valid` is the one bit to act on; `code`
 * says why. The answer names its request (action, buy key, device key, nonce), so it is worth
 * nothing for any other request. The field order is the serialisation order (test vectors).
 */
export const LicenseAnswerSchema = z.object({
  protocol: z.union([z.literal(1), z.literal(2)]),
  action: LicenseActionSchema,
  valid: z.boolean(),
  code: LicenseCodeSchema,
  message: z.string(),
  buyKey: z.string(),
  deviceKey: z.string(),
  /** The request's nonce (always present in protocol 2). */
  nonce: z.string().nullable(),
  /** The term's state; a suspension or revocation is said by `code` (old clients know these three). */
  status: TermStatusSchema.nullable(),
  expiresAt: z.string().nullable(),
  changesLeft: z.number().int().nullable(),
  serverTime: z.string(),
  /** The tool may run offline until this time without asking again (never past expiresAt). */
  leaseUntil: z.string().nullable(),
  /** Offline use stops when the local clock falls this far behind the latest serverTime seen. */
  maxClockRollbackSeconds: z.number().int(),
  /**
   * Protocol 2: the version of the signed key list when the server answered. A client whose stored
   * list is older fetches the list (a key may have been retired). Absent in protocol 1 answers.
   */
  keysVersion: z.number().int().optional(),
});
export type LicenseAnswer = z.infer<typeof LicenseAnswerSchema>;

export const SigningKeySchema = z.object({
  keyId: z.string(),
  status: z.enum(["current", "previous"]),
  /** The raw 32-byte Ed25519 public key, base64. */
  publicKeyBase64: z.string(),
  publicKeyPem: z.string(),
  createdAt: z.string(),
});
export type SigningKeyInfo = z.infer<typeof SigningKeySchema>;

/** A withdrawn key: never to be trusted again (listed for good, so every tool learns it). */
export const RetiredSigningKeySchema = z.object({
  keyId: z.string(),
  /** The raw 32-byte Ed25519 public key, base64. */
  publicKeyBase64: z.string(),
  createdAt: z.string(),
  retiredAt: z.string(),
});
export type RetiredSigningKeyInfo = z.infer<typeof RetiredSigningKeySchema>;

/**
 * GET /api/v1/licenses/public-key: every key that may sign (`keys`), endorsed by each of them, and
 * every key withdrawn (`retired`). `keysVersion` goes up with every change to the list.
 */
export const PublicKeySchema = z.object({
  algorithm: z.literal("Ed25519"),
  signatureHeader: z.string(),
  currentKeyId: z.string(),
  keys: z.array(SigningKeySchema),
  /** Protocol 1: the current key at the top level. */
  keyId: z.string(),
  publicKeyPem: z.string(),
  publicKeyBase64: z.string(),
  /** One more for every key made and every key retired: a list never goes back to a lower version. */
  keysVersion: z.number().int().min(1),
  retired: z.array(RetiredSigningKeySchema),
});
export type PublicKeyList = z.infer<typeof PublicKeySchema>;
