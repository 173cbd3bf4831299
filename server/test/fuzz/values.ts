// The fuzz tests' values: odd strings and numbers, real ids of the seeded accounts, and values of
// an OpenAPI schema with wrong parts (fast-check arbitraries).
import fc from "fast-check";
import { PASSWORD } from "../harness";
import { fuzzDelivery, holder, hook, superAdmin, user, victim } from "./context";

/** A number written into JSON as is: 1e999, -0, 30 digits… (JSON.stringify cannot). */
export class Raw {
  constructor(readonly text: string) {}
}

const SPECIAL_STRINGS = [
  "", " ", "\u0000", "a\u0000b", "\t\n\r", "null", "undefined", "true", "NaN", "Infinity", "-Infinity", "-1", "0", "-0", "1e309", "0x1F",
  "9".repeat(40), "1.0000000000000001", "00000000-0000-0000-0000-000000000000", "------------------------------------", "../../etc/passwd", "%00", "%",
  "%zz", "<script>alert(1)</script>", "' OR 1=1 --", "\\", "\"", "{}", "[]", "__proto__", "constructor", "𝔘𝔫𝔦𝔠𝔬𝔡𝔢", "\uD800", "\uDFFF\uD800", "\uFEFF",
  "\u202Eevil", "ស្វាគមន៍", "👩‍👩‍👧‍👦", "Ω≈ç√∫", "\uDC00x", "a\uD83D", "\u0007", "a\u001Bb", "\u0085", "\u007F", "a\u2028b", "a@b", "@", "x@y.z", "UTC", "Europe/Nowhere", "2026-02-30T25:61:00Z", "2026-11-22T00:00:00.000Z",
  "LDREEL", "$1", "1.001", "0.001", "1000000000", "-5", "1,5",
];
const LONG = fc.tuple(fc.constantFrom("x", "é", "𝔘", "\u0000", "9", "%", " "), fc.integer({ min: 65, max: 5_000 })).map(([c, n]) => c.repeat(n));
export const oddString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 20 }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 20 }) },
  { weight: 4, arbitrary: fc.constantFrom(...SPECIAL_STRINGS) },
  { weight: 1, arbitrary: LONG },
  { weight: 1, arbitrary: fc.uuid() },
  { weight: 1, arbitrary: fc.stringMatching(/^[0-9a-f-]{36}$/) },
);
export const oddNumber: fc.Arbitrary<number | Raw> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -0, -1, 1, 2 ** 31, 2 ** 53 + 2, -(2 ** 53), 1e308, -1e308, 0.1, 1e-7, 3.14159, Number.NaN, Infinity, -Infinity),
  fc.constantFrom("1e999", "-1e999", "123456789012345678901234567890", "-0", "0.0000000000000000000001", "1E2").map((s) => new Raw(s)),
);
export const anything: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: oddString },
  { weight: 3, arbitrary: oddNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** Real values for fields of these names, so that some requests get past validation. */
function candidates(): Record<string, unknown[]> {
  const emails = [user.email, holder.email, victim.email, "buyer@example.com", user.email.toUpperCase()];
  const deviceKeys = [user.deviceKey, victim.deviceKey, "PC-LDREEL-NEW", `  ${user.deviceKey}  `];
  return {
    id: [user.licence.id, user.order.id, user.otp.id, victim.licence.id, victim.order.id, victim.otp.id, holder.otp.id, user.id, victim.id, superAdmin.id, holder.apiKeyId, hook.endpoint.id, fuzzDelivery!.id],
    endpointId: [hook.endpoint.id, user.id],
    events: [["order.paid"], ["order.paid", "balance.low"], [], ["ops.outbox_stuck"]],
    url: ["http://127.0.0.1:9/fuzz", "https://hooks.example.com/x", "ftp://x", "http://user:pw@example.com/"],
    channel: ["webhook", "telegram"],
    active: [true, false],
    apiKeyId: [holder.apiKeyId, victim.apiKeyId, user.apiKeyId],
    planId: ["local-1m", "local-3m", "foreign-12m", "foreign-1m", "none"],
    market: ["local", "foreign"],
    kind: ["plan", "topup", "tool"],
    amount: ["1", "10.50", 5, "0.01", "$3", 10_000, "10000.01", "999999999.999"],
    operation: ["add", "subtract"],
    role: ["user", "admin"],
    status: ["pending", "paid", "failed", "cancelled", "refunded", 0, "0"],
    email: emails,
    gmail: [user.otp.address, victim.otp.address, ...emails],
    buyKey: [user.licence.buyKey, victim.licence.buyKey, user.licence.buyKey.toLowerCase()],
    deviceKey: deviceKeys,
    oldDeviceKey: deviceKeys,
    newDeviceKey: deviceKeys,
    tran_id: [user.order.tranId, victim.order.tranId],
    tz: ["UTC", "Asia/Phnom_Penh", "America/New_York", "Etc/GMT+12"],
    search: [user.email.slice(0, 8), holder.apiKey, user.licence.buyKey, "%", "_"],
    to: [user.otp.address, "x"],
    from: ["2026-01-01T00:00:00Z", "2026-11-22T00:00:00+07:00"],
    service: ["EMAIL_SERVICE_1", "facebook"],
    password: [PASSWORD, "short", "x".repeat(200)],
    token: ["abc", "x".repeat(64)],
    otp: ["123456", "000000"],
    callbackURL: ["/dashboard", "https://evil.example/", "javascript:alert(1)"],
    variant: ["v1", "v2"],
    protocol: [2, 2, 1, "2", 3, 0],
    nonce: ["fuzz-nonce-0123456789abcdef", "fuzz_nonce-ABCDEFGHIJKLMNOP", "short", "x".repeat(129), "has spaces in it, 16+"],
    v: ["1", "2"],
    page: [1, 2, 100_000, 100_001],
    pageSize: [10, 25, 50, 100, 200, 7],
    // Discount codes (decision 077): a well-formed one first (the text-refusal walk keeps the others valid).
    code: ["NEWYEAR", "newyear-2027", "NO", "has space", "x".repeat(40)],
    discountCode: ["", "NEWYEAR", "bad code"],
  };
}
export const CANDIDATES = candidates();

export interface Schema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  format?: string;
  pattern?: string;
  $ref?: string;
}

/** A real value with a twist: a NUL, a control or unicode character, a lone surrogate, a quote or spaces put in it. */
const TWISTS = ["\u0000", "\u0001", "\n", "é", "𝔘", "\uFFFF", "'", '"', "%", "_", "\\", " ", "\u200B", "\uD800", "\uDFFF", "\u0007", "\u001B", "\u0085", "\t"];
function twisted(known: unknown[]): fc.Arbitrary<unknown> {
  const texts = known.filter((v): v is string => typeof v === "string" && v.length > 0);
  if (!texts.length) return fc.constantFrom(...known);
  return fc.tuple(fc.constantFrom(...texts), fc.constantFrom(...TWISTS), fc.nat(), fc.boolean()).map(([v, c, at, replace]) => {
    const i = at % (v.length + 1);
    return v.slice(0, i) + c + v.slice(replace ? i + 1 : i);
  });
}

/** Mostly a value of the schema (or a candidate of the field's name), sometimes anything at all. */
export function valueOf(schema: Schema | undefined, name: string, resolve: (s: Schema) => Schema, depth = 0): fc.Arbitrary<unknown> {
  const known = CANDIDATES[name];
  const options: Array<fc.WeightedArbitrary<unknown>> = [{ weight: 2, arbitrary: anything }];
  if (known) options.push({ weight: 4, arbitrary: fc.constantFrom(...known) }, { weight: 2, arbitrary: twisted(known) });
  if (schema && depth < 4) options.push({ weight: 4, arbitrary: fromSchema(resolve(schema), name, resolve, depth) });
  return fc.oneof(...options);
}

export function fromSchema(schema: Schema, name: string, resolve: (s: Schema) => Schema, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((s) => fromSchema(resolve(s), name, resolve, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== "null") : schema.type;
  switch (type) {
    case "string":
      if (schema.format === "email") return fc.oneof(fc.emailAddress(), oddString);
      if (schema.format === "date-time") return fc.date({ noInvalidDate: true, min: new Date(-62e12), max: new Date(2e14) }).map((d) => d.toISOString());
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 64, 300), unit: fc.oneof({ weight: 20, arbitrary: fc.string({ minLength: 1, maxLength: 1 }) }, { weight: 1, arbitrary: fc.constantFrom(...TWISTS) }) });
    case "integer":
    case "number":
      return fc.oneof(fc.integer({ min: schema.minimum ?? -1_000, max: Math.min(schema.maximum ?? 1_000_000, 2 ** 31) }), oddNumber);
    case "boolean":
      return fc.boolean();
    case "array":
      return fc.array(valueOf(schema.items, name, resolve, depth + 1), { maxLength: 4 });
    case "object":
      return objectOf(schema, resolve, depth);
    default:
      return anything;
  }
}

/** Each field present, missing or wrong; now and then extra fields (prototype keys among them). */
function objectOf(schema: Schema, resolve: (s: Schema) => Schema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.entries(schema.properties ?? {});
  const present = fields.map(([name, s]) => fc.option(valueOf(s, name, resolve, depth + 1), { freq: 6, nil: undefined }).map((v) => [name, v] as const));
  const extra = fc.option(fc.dictionary(fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom("__proto__", "constructor", "price", "amountMills", "role", "userId")), anything, { maxKeys: 3 }), { freq: 4, nil: {} });
  return fc.tuple(fc.tuple(...present), extra).map(([entries, more]) => {
    const out: Record<string, unknown> = { ...more };
    for (const [k, v] of entries) if (v !== undefined) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
    return out;
  });
}

/** JSON text with Raw numbers kept as written. */
export function toJson(value: unknown): string {
  if (value instanceof Raw) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJson).join(",")}]`;
  if (value && typeof value === "object") return `{${Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}:${toJson(v)}`).join(",")}}`;
  return JSON.stringify(value) ?? "null";
}

/** Text for a query string or a path: numbers and objects as a client might send them. */
export const asText = (value: unknown): string => (value instanceof Raw ? value.text : typeof value === "string" ? value : typeof value === "object" && value !== null ? JSON.stringify(value) : String(value));

export const MALFORMED = ["{", '{"a":', "[1,2", "nul", '"unterminated', "{'a':1}", '{"a":1}}', "\u0000", "", '{"a": NaN}', '{"a": 1e99999}', "[".repeat(5_000), '{"a":"\\ud800"}', "\uFEFF{}", '{"a":1,"a":2}', "true", "12", "[]", "{}"];
export const CONTENT_TYPES = ["application/json", "application/json; charset=utf-8", "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=xyz", "application/json; charset=latin1", "a/b/c", ""];

/** encodeURIComponent, after turning lone surrogates (which no URL can carry) into U+FFFD. */
export function encode(s: string) {
  return encodeURIComponent(s.replace(/\p{Cs}/gu, "\uFFFD"));
}

export function isByteString(s: string) {
  return /^[\x20-\x7e]*$/.test(s);
}
