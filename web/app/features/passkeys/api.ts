// Passkeys through better-auth's passkey endpoints (/api/auth/passkey/*, decision 038) and the
// browser's WebAuthn (navigator.credentials, through @simplewebauthn/browser). The server decides
// who may do what; this turns its answers and the browser's into one error with a reason the
// screens translate.
import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  WebAuthnError,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser";

import { authClient } from "~/lib/auth-client";

export type Passkey = { id: string; name: string | null; createdAt: string | null };

export const passkeyKeys = { list: ["passkeys"] as const };

export type PasskeyFailure = "cancelled" | "previouslyRegistered" | "notFresh" | "notVerified" | "failed" | "unknownPasskey" | "server";

/** Why a passkey action did not happen; `message` is the server's own text for `server`. */
export class PasskeyError extends Error {
  constructor(
    readonly reason: PasskeyFailure,
    message: string = reason,
    readonly code?: string,
  ) {
    super(message);
    this.name = "PasskeyError";
  }
}

type ServerError = { code?: string; message?: string; status?: number; statusText?: string };

function fromServer(error: ServerError): PasskeyError {
  switch (error.code) {
    case "SESSION_NOT_FRESH":
      return new PasskeyError("notFresh");
    case "USER_NOT_VERIFIED":
      return new PasskeyError("notVerified");
    case "PASSKEY_NOT_FOUND":
      return new PasskeyError("unknownPasskey");
    case "FAILED_TO_VERIFY_REGISTRATION":
    case "AUTHENTICATION_FAILED":
    case "CHALLENGE_NOT_FOUND":
      return new PasskeyError("failed");
    default:
      return new PasskeyError("server", error.message || error.statusText || "", error.code);
  }
}

/** The browser refused or the person cancelled (NotAllowedError: cancelled or timed out). */
function fromBrowser(error: unknown): PasskeyError {
  if (error instanceof WebAuthnError && error.code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED") return new PasskeyError("previouslyRegistered");
  if (error instanceof WebAuthnError && error.code === "ERROR_AUTHENTICATOR_MISSING_USER_VERIFICATION_SUPPORT") return new PasskeyError("notVerified");
  const name = error instanceof Error ? error.name : "";
  if (name === "NotAllowedError" || name === "AbortError" || (error instanceof WebAuthnError && error.code === "ERROR_CEREMONY_ABORTED")) return new PasskeyError("cancelled");
  return new PasskeyError("failed");
}

async function call<T>(path: string, init: { method: "GET" | "POST"; body?: Record<string, unknown> }): Promise<T> {
  const { data, error } = await authClient.$fetch<T>(path, { ...init, throw: false });
  if (error) throw fromServer(error as ServerError);
  return data as T;
}

export const passkeysSupported = () => typeof window !== "undefined" && browserSupportsWebAuthn();

export const listPasskeys = () => call<Passkey[]>("/passkey/list-user-passkeys", { method: "GET" });

/** Creates a passkey on this device (the browser asks the person) and registers it under `name`. */
export async function addPasskey(name: string): Promise<Passkey> {
  const options = await call<PublicKeyCredentialCreationOptionsJSON>("/passkey/generate-register-options", { method: "GET" });
  let response;
  try {
    response = await startRegistration({ optionsJSON: options });
  } catch (error) {
    throw fromBrowser(error);
  }
  return call<Passkey>("/passkey/verify-registration", { method: "POST", body: { response, name } });
}

export const renamePasskey = (id: string, name: string) => call<{ passkey: Passkey }>("/passkey/update-passkey", { method: "POST", body: { id, name } });

export const removePasskey = (id: string) => call<{ status: boolean }>("/passkey/delete-passkey", { method: "POST", body: { id } });

/**
 * Signs in with a passkey: a new session that has passed the second factor (it replaces this
 * browser's session, e.g. a password's still waiting for its second factor).
 */
export async function signInWithPasskey(): Promise<void> {
  const options = await call<PublicKeyCredentialRequestOptionsJSON>("/passkey/generate-authenticate-options", { method: "GET" });
  let response;
  try {
    response = await startAuthentication({ optionsJSON: options });
  } catch (error) {
    throw fromBrowser(error);
  }
  await call("/passkey/verify-authentication", { method: "POST", body: { response } });
}

/** A default name for a passkey made here: "Chrome on Windows", from the browser's own description. */
export function deviceName(userAgent: string, t: (key: string, values: Record<string, string>) => string): string {
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /OPR\//.test(userAgent)
      ? "Opera"
      : /Firefox\//.test(userAgent)
        ? "Firefox"
        : /Chrome\//.test(userAgent)
          ? "Chrome"
          : /Safari\//.test(userAgent)
            ? "Safari"
            : "";
  const os = /iPhone/.test(userAgent)
    ? "iPhone"
    : /iPad/.test(userAgent)
      ? "iPad"
      : /Android/.test(userAgent)
        ? "Android"
        : /Windows/.test(userAgent)
          ? "Windows"
          : /Mac OS X|Macintosh/.test(userAgent)
            ? "Mac"
            : /CrOS/.test(userAgent)
              ? "ChromeOS"
              : /Linux/.test(userAgent)
                ? "Linux"
                : "";
  if (browser && os) return t("card.deviceName", { browser, os });
  return browser || os || "Passkey";
}
