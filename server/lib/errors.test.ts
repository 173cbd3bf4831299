import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { HTTPException } from "hono/http-exception";
import { z } from "zod";
import { describe, expect, it } from "vitest";
import { codeForStatus, ERROR_CODES, ERRORS, isErrorCode, type ErrorCode } from "../../contracts/errors";
import { AppError, errorBody, httpExceptionBody, validationError } from "./errors";

const SERVER = join(import.meta.dirname, "..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

// The places a code leaves the server: AppError("X"), errorBody("X") and a hand-built
// { code: "X", message } body. (AppError's code is typed, so `err.code === "X"` on one is checked
// by the compiler; other `.code`s are other namespaces: licence answers, the mail supplier's.)
const CODE_PATTERNS = [/AppError\(\s*"([A-Z][A-Z_]*)"/g, /errorBody\(\s*"([A-Z][A-Z_]*)"/g, /\bcode: "([A-Z][A-Z_]*)",\s*message/g];

const BETTER_AUTH_CODES = new Set(["MISSING_OR_NULL_ORIGIN", "INVALID_CODE", "FAILED_TO_VERIFY_REGISTRATION", "USER_NOT_VERIFIED"]);

function codesInSource(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of sourceFiles(SERVER)) {
    // The PayWay simulator speaks PayWay's codes, and the tests' second provider (Test Pay) its
    // own refund refusals, which the refund step reports as the provider's; better-auth's own
    // codes pass through the edge.
    if (file.includes(`${join("providers", "payway", "simulator")}`) || file.includes(join("test", "second-provider"))) continue;
    const text = readFileSync(file, "utf8");
    for (const pattern of CODE_PATTERNS) {
      for (const m of text.matchAll(pattern)) {
        // better-auth's own codes: its origin refusals (the edge renames them to INVALID_ORIGIN), its
        // wrong-code answer, which the second-factor gate gives a reused code (decision 037), and the
        // passkey step's refusals in the plugin's shape: a failed registration as the client's 400 and
        // a passkey that did not verify its user (decision 038). All are answers on /api/auth/*.
        if (BETTER_AUTH_CODES.has(m[1]!)) continue;
        found.set(m[1]!, [...(found.get(m[1]!) ?? []), relative(SERVER, file)]);
      }
    }
  }
  return found;
}

describe("the error table", () => {
  it("covers every code the server sends or branches on", () => {
    const found = codesInSource();
    expect(found.size).toBeGreaterThan(15); // the scan sees the source
    const unknown = [...found].filter(([code]) => !isErrorCode(code)).map(([code, files]) => `${code} (${files.join(", ")})`);
    expect(unknown).toEqual([]);
  });

  it("lists no code the server never sends", () => {
    // Some codes travel through a variable (a licence refusal is `return "EXPIRED"`): any literal counts.
    const source = sourceFiles(SERVER)
      .map((file) => readFileSync(file, "utf8"))
      .join("\n");
    const general = new Set<string>(Array.from({ length: 200 }, (_, i) => codeForStatus(400 + i)));
    expect(ERROR_CODES.filter((code) => !general.has(code) && !source.includes(`"${code}"`))).toEqual([]);
  });

  it("gives every code one 4xx/5xx status and a default message", () => {
    for (const code of ERROR_CODES) {
      const { status, message } = ERRORS[code];
      expect(status >= 400 && status < 600, code).toBe(true);
      expect(message.length, code).toBeGreaterThan(0);
    }
    expect(ERRORS.INSUFFICIENT_FUNDS.status).toBe(402);
  });

  it("maps a bare status to a general code only", () => {
    expect(codeForStatus(401)).toBe("UNAUTHENTICATED");
    expect(codeForStatus(409)).toBe("CONFLICT");
    expect(codeForStatus(415)).toBe("UNSUPPORTED_MEDIA_TYPE");
    expect(codeForStatus(429)).toBe("RATE_LIMITED");
    expect(codeForStatus(402)).toBe("BAD_REQUEST");
    expect(codeForStatus(418)).toBe("BAD_REQUEST");
    expect(codeForStatus(502)).toBe("INTERNAL");
  });
});

describe("AppError", () => {
  it("takes its status and default message from the table", () => {
    for (const code of ERROR_CODES) {
      const err = new AppError(code);
      expect([err.status, err.message]).toEqual([ERRORS[code].status, ERRORS[code].message]);
    }
    const funds = new AppError("INSUFFICIENT_FUNDS");
    expect(funds.toBody()).toEqual({ code: "INSUFFICIENT_FUNDS", message: "Insufficient funds" });
    expect(new AppError("NOT_FOUND", "Order not found").toBody()).toEqual({ code: "NOT_FOUND", message: "Order not found" });
  });

  it("accepts only the table's codes (a type error otherwise) and no status of its own", () => {
    const make = (code: string) => {
      // @ts-expect-error an unknown code is not an ErrorCode
      return new AppError(code);
    };
    // And if a cast sneaks one past the compiler, it fails loudly (a 500), never a silent 400.
    expect(() => make("NOPE")).toThrow(TypeError);
    // @ts-expect-error the status comes from the table, never from the thrower
    void new AppError("NOT_FOUND", "Not found", 400);
    const code: ErrorCode = "CONFLICT";
    expect(errorBody(code)).toEqual({ code: "CONFLICT", message: ERRORS.CONFLICT.message });
  });

  it("validation errors are 422 VALIDATION_FAILED with their issues", () => {
    const result = z.object({ amountMills: z.number().int("Invalid amount") }).safeParse({ amountMills: 1.5 });
    const err = validationError(result.error!);
    expect([err.status, err.code, err.message, err.issues]).toEqual([422, "VALIDATION_FAILED", "amountMills: Invalid amount", [{ path: "amountMills", message: "Invalid amount" }]]);
  });

  it("Hono's own refusals get a general code", () => {
    expect(httpExceptionBody(new HTTPException(415))).toEqual({ code: "UNSUPPORTED_MEDIA_TYPE", message: ERRORS.UNSUPPORTED_MEDIA_TYPE.message });
    expect(httpExceptionBody(new HTTPException(400, { message: "Malformed JSON in request body" }))).toEqual({ code: "BAD_REQUEST", message: "Malformed JSON in request body" });
  });
});
