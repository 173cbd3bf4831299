// The public surface of the Keyshop licence client (protocol 2, docs/licence-api.md).
// JsonFileStorage is not exported here: it needs node:fs, so browser and renderer builds import
// it only when they want it, from "./file-storage".
export { LicenseClient, parseRetryAfter, randomNonce } from "./client";
export type { CheckResult, LicenseClientOptions, OfflineFailure, OnlineResult, RejectReason } from "./client";
export { KNOWN_CODES, normaliseBuyKey, normaliseDeviceKey, readAnswer } from "./answer";
export type { AnswerBinding, BindingFailure, KnownCode, LicenseAction, LicenseAnswer, LicenseCode, LicenseStatus } from "./answer";
export { TRUSTED_KEYS_STORAGE_KEY, TrustedKeySet, parseKeyList } from "./keys";
export type { KeyList, KeyListResult, RetiredKey, TrustedKey } from "./keys";
export { leaseStorageKey } from "./lease";
export type { StoredLease } from "./lease";
export { SIGNATURE_HEADER, decodeBase64, importPublicKey, parseSignatureHeader, verifyEd25519 } from "./signature";
export type { HeaderSignature } from "./signature";
export { MemoryStorage, STORAGE_PREFIX } from "./storage";
export type { LicenseStorage } from "./storage";
