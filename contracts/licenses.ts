// Licences: the dashboard's and the desktop tool's contracts, and the spec's field rules.
import { z } from "zod";
import { dbText } from "./text";

/** A device licence key comes from the desktop tool and always contains this marker. */
export const LICENSE_KEY_MARKER = "LDREEL";
/** A licence whose key contains this marker is expired (and hidden from the list). */
export const EXPIRED_KEY_MARKER = "expirekey_";

export const LICENSE_KEY_MESSAGES = {
  empty: "License key cannot be empty",
  format: "Invalid license key format. Please use the key provided by the tool.",
  hint: "* Please use the new key on the tool.",
  noSession: "No user session found",
} as const;

/** The new device key: not empty, contains LDREEL (the spec's texts). */
export const DeviceKeySchema = dbText(LICENSE_KEY_MESSAGES.empty)
  .trim()
  .min(1, LICENSE_KEY_MESSAGES.empty)
  .max(512, "License key is too long")
  .refine((v) => v.includes(LICENSE_KEY_MARKER), LICENSE_KEY_MESSAGES.format);

export const BuyKeySchema = dbText().trim().min(8, "Buy key is too short").max(64, "Buy key is too long");

export const LicenseStatusSchema = z.enum(["New", "Active", "Expired"]);
export type LicenseStatus = z.infer<typeof LicenseStatusSchema>;

export const LicenseSchema = z.object({
  id: z.string(),
  name: z.string(),
  licenseKey: z.string().nullable(),
  buyKey: z.string(),
  startDate: z.string().nullable(),
  expireDate: z.string().nullable(),
  status: LicenseStatusSchema,
  changesLeft: z.number().int(),
  planTitle: z.string().nullable(),
  canChangeKey: z.boolean(),
});
export type License = z.infer<typeof LicenseSchema>;

export const LicenseListQuerySchema = z.object({ search: dbText().trim().max(200).optional().default("") });
export const LicenseListSchema = z.object({ licenses: z.array(LicenseSchema) });

export const RenameLicenseBodySchema = z.object({ name: dbText().trim().max(100, "Name is too long (100 characters at most)") });
export const ChangeLicenseKeyBodySchema = z.object({ licenseKey: DeviceKeySchema });

export const LicenseHistoryEntrySchema = z.object({
  id: z.string(),
  changeDate: z.string(),
  changedBy: z.string().nullable(),
  email: z.string(),
  buykey: z.string(),
  oldLicense: z.string().nullable(),
  newLicense: z.string().nullable(),
  status: z.string(),
  notes: z.string().nullable(),
});
export type LicenseHistoryEntry = z.infer<typeof LicenseHistoryEntrySchema>;
export const LicenseHistoryQuerySchema = z.object({
  search: dbText().trim().max(200).optional().default(""),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});
export const LicenseHistoryListSchema = z.object({
  entries: z.array(LicenseHistoryEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

// ---- Desktop tool API (/api/v1/licenses) ----

export const LicenseCodeSchema = z.enum([
  "VALID",
  "ACTIVATED",
  "ALREADY_ACTIVE",
  "KEY_CHANGED",
  "NOT_FOUND",
  "NOT_ACTIVATED",
  "DEVICE_MISMATCH",
  "EXPIRED",
  "NO_CHANGES_LEFT",
]);
export type LicenseCode = z.infer<typeof LicenseCodeSchema>;

export const ActivateBodySchema = z.object({ buyKey: BuyKeySchema, deviceKey: DeviceKeySchema });
export const ValidateBodySchema = z.object({
  buyKey: BuyKeySchema,
  deviceKey: dbText().trim().min(1, LICENSE_KEY_MESSAGES.empty).max(512),
  nonce: z.string().min(8).max(128).optional(),
});
export const ToolChangeKeyBodySchema = z.object({ buyKey: BuyKeySchema, oldDeviceKey: dbText().trim().min(1).max(512), newDeviceKey: DeviceKeySchema });

/** What the tool receives. `valid` is the one bit to act on; `code` says why. */
export const LicenseAnswerSchema = z.object({
  valid: z.boolean(),
  code: LicenseCodeSchema,
  message: z.string(),
  status: LicenseStatusSchema.nullable(),
  expiresAt: z.string().nullable(),
  changesLeft: z.number().int().nullable(),
  serverTime: z.string(),
  /** The tool may run offline until this time without asking again (never past expiresAt). */
  leaseUntil: z.string().nullable(),
  nonce: z.string().nullable(),
});
export type LicenseAnswer = z.infer<typeof LicenseAnswerSchema>;

export const PublicKeySchema = z.object({
  algorithm: z.literal("Ed25519"),
  keyId: z.string(),
  publicKeyPem: z.string(),
  publicKeyBase64: z.string(),
  signatureHeader: z.string(),
});
