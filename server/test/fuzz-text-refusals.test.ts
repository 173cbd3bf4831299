// Text that is not text (decision 034): a lone UTF-16 surrogate ("\ud800" in JSON, which PostgreSQL
// refuses in text and jsonb) or a control character where one line is meant. Every string field
// of every documented request body and query is tried, one at a time, in an otherwise ordinary
// request: the field itself must be refused (422, an issue at that field), never stored, never a 500.
import { describe, expect, it } from "vitest";
import { TEXT_MESSAGES } from "../../contracts/text";
import { base, CALLER_HEADERS, contract, doc, resolve, t, user, victim, type Caller } from "./fuzz/context";
import { PASSWORD } from "./harness";
import { CANDIDATES, Raw, toJson, type Schema } from "./fuzz/values";

let ip = 0;

describe("text that is not text is refused where it is sent (decision 034)", () => {
  type Issue = { path: string; message: string };
  const TEXT_REFUSALS: string[] = Object.values(TEXT_MESSAGES);
  const ask = async (method: string, path: string, caller: Caller, body?: string) => {
    const headers: Record<string, string> = { ...CALLER_HEADERS[caller], origin: base, "x-forwarded-for": `10.202.${(++ip >> 8) & 255}.${ip & 255}` };
    if (body !== undefined) headers["content-type"] = "application/json";
    const res = await t.app.request(`${base}${path}`, { method, headers, body });
    const text = await res.text();
    contract.check({ method, url: path, status: res.status, contentType: res.headers.get("content-type"), body: text });
    const json = (res.headers.get("content-type") ?? "").includes("json") && text;
    return { status: res.status, body: (json ? JSON.parse(text) : null) as { code?: string; message?: string; issues?: Issue[] } | null };
  };
  const callerOf = (path: string): Caller =>
    path.startsWith("/api/admin") ? "superAdmin" : path.startsWith("/api/v1/otp") || path.startsWith("/api/v1/balance") ? "apiKey" : path.startsWith("/api/v1/licenses") ? "anonymous" : "user";
  // Path parameters that find nothing, so that a refusal that did not happen changes nothing either.
  const pathFor = (path: string) =>
    path.replace(/\{([^}]+)\}/g, (_, name: string) => (name === "email" ? encodeURIComponent(victim.email) : name === "token" ? "not-a-token" : "00000000-0000-4000-8000-000000000000"));
  /** An ordinary value of a schema (the first of an enum, a candidate of the field's name). */
  function ordinary(schema: Schema, name: string): unknown {
    const s = resolve(schema);
    if (s.const !== undefined) return s.const;
    if (s.enum) return s.enum[0];
    const known = CANDIDATES[name]?.[0];
    if (known !== undefined && typeof known === (s.type === "integer" ? "number" : s.type)) return known;
    const alternatives = s.anyOf ?? s.oneOf;
    if (alternatives) return ordinary(alternatives[0]!, name);
    const type = Array.isArray(s.type) ? s.type.find((x) => x !== "null") : s.type;
    if (type === "integer" || type === "number") return s.minimum ?? 1;
    if (type === "boolean") return false;
    if (type === "array") return s.items ? [ordinary(s.items, name)] : [];
    if (type === "object") return {};
    return "x".repeat(Math.max(1, s.minLength ?? 1));
  }
  const isFreeString = (schema: Schema) => {
    const s = resolve(schema);
    return (s.type === "string" || (Array.isArray(s.type) && s.type.includes("string"))) && !s.enum && s.const === undefined;
  };
  const BODY_CASES: Array<{ label: string; json: string; messages: string[] }> = [
    { label: "a lone surrogate", json: '"Sokha \\ud800 Sokha"', messages: [TEXT_MESSAGES.unicode] },
    { label: "a lone low surrogate", json: '"\\udfffSokha Sokha"', messages: [TEXT_MESSAGES.unicode] },
    { label: "a control character", json: '"ring the \\u0007 bell"', messages: [TEXT_MESSAGES.control] },
    { label: "an escape sequence", json: '"\\u001b[2Jcleared screen"', messages: [TEXT_MESSAGES.control] },
  ];

  const bodies: Array<{ method: string; path: string; schema: Schema }> = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const schema = op.requestBody?.content?.["application/json"]?.schema;
      if (!schema) continue;
      const resolved = resolve(schema);
      for (const variant of resolved.oneOf ?? resolved.anyOf ?? [resolved]) bodies.push({ method: method.toUpperCase(), path, schema: resolve(variant) });
    }
  }

  it("covers the bodies that carry free text", () => {
    const fields = bodies.flatMap((b) => Object.entries(b.schema.properties ?? {}).filter(([, s]) => isFreeString(s)).map(([name]) => `${b.method} ${b.path} ${name}`));
    for (const field of ["POST /api/admin/orders/{id}/refunds reason", "POST /api/orders/{id}/refund-requests reason", "POST /api/admin/refund-requests/{id}/decline note", "PATCH /api/profile name", "POST /api/admin/webhooks description", "POST /api/admin/licenses/{id}/actions reason", "POST /api/v1/licenses/validate deviceKey"]) {
      expect(fields).toContain(field);
    }
  });

  it("every string field of every documented JSON body: 422 at that field, with the text rule's message", { timeout: 120_000 }, async () => {
    let tried = 0;
    for (const { method, path, schema } of bodies) {
      const properties = Object.entries(schema.properties ?? {});
      const base = Object.fromEntries(properties.map(([name, s]) => [name, ordinary(s, name)]));
      for (const [field, fieldSchema] of properties) {
        if (!isFreeString(fieldSchema)) continue;
        for (const { label, json, messages } of BODY_CASES) {
          const body = toJson({ ...base, [field]: new Raw(json) });
          const res = await ask(method, pathFor(path), callerOf(path), body);
          const where = `${method} ${path} with ${label} in ${field} → ${res.status} ${JSON.stringify(res.body)}`;
          expect(res.status, where).toBe(422);
          const issue = res.body?.issues?.find((i) => i.path === field);
          expect(issue, where).toBeDefined();
          // A field with a format of its own (an id, a URL, a nonce's alphabet) may say so instead.
          if (!resolve(fieldSchema).pattern && !resolve(fieldSchema).format) expect(messages, where).toContain(issue!.message);
          else expect([...TEXT_REFUSALS, issue!.message], where).toContain(issue!.message);
          tried++;
        }
      }
    }
    expect(tried).toBeGreaterThan(80);
  });

  it("every free-text query parameter: a control character is 422 at that parameter; a %-escape that is not UTF-8 is never a 5xx", { timeout: 60_000 }, async () => {
    let tried = 0;
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        for (const param of (op.parameters ?? []).filter((p) => p.in === "query" && p.schema && isFreeString(p.schema) && !resolve(p.schema).format)) {
          for (const [value, message] of [["a%07b", TEXT_MESSAGES.control], ["a%0Ab", TEXT_MESSAGES.lineBreak], ["%00x", TEXT_MESSAGES.nul]] as const) {
            const res = await ask(method.toUpperCase(), `${pathFor(path)}?${param.name}=${value}`, callerOf(path));
            const where = `${method} ${path}?${param.name}=${value} → ${res.status} ${JSON.stringify(res.body)}`;
            expect(res.status, where).toBe(422);
            const issue = res.body?.issues?.find((i) => i.path === param.name);
            expect(issue, where).toBeDefined();
            // A parameter with a format of its own (a time zone's alphabet, an id) may say so instead.
            if (!resolve(param.schema!).pattern) expect(issue!.message, where).toBe(message);
            tried++;
          }
          // Hono leaves a %-escape that does not decode as it was written: those characters are searched for.
          const res = await ask(method.toUpperCase(), `${pathFor(path)}?${param.name}=%ED%A0%80`, callerOf(path));
          expect(res.status, `${method} ${path}?${param.name}=%ED%A0%80`).toBeLessThan(500);
        }
      }
    }
    expect(tried).toBeGreaterThan(20);
  });

  it("a customer's e-mail in the admin's path, and better-auth's bodies behind our edge, refuse it too", async () => {
    expect((await ask("GET", `/api/admin/customers/${encodeURIComponent(`a\u0007${victim.email}`)}`, "superAdmin")).status).toBe(422);
    expect((await ask("GET", "/api/admin/customers/a%ED%A0%80%40example.com", "superAdmin")).status).toBeLessThan(500);
    // The spec's functions: an address is an address (ASCII), so a broken or control character is refused.
    for (const gmail of ["a\\ud800@gmail.com", "a\\u0007b@gmail.com"]) {
      const res = await t.app.request(`${base}/functions/v1/check-otp-gmail`, { method: "POST", headers: { ...CALLER_HEADERS.user, origin: base, "content-type": "application/json" }, body: `{"service":"EMAIL_SERVICE_1","gmail":"${gmail}"}` });
      expect(res.status, gmail).toBe(422);
    }
    const auth = (endpoint: string, json: string) => t.app.request(`${base}/api/auth/${endpoint}`, { method: "POST", headers: { "content-type": "application/json", origin: base, "x-forwarded-for": `10.203.0.${++ip & 255}` }, body: json });
    for (const [endpoint, json] of [
      ["sign-up/email", `{"email":"new-${ip}@example.com","password":"a long password 1","name":"\\ud800"}`],
      ["sign-up/email", `{"email":"new-${ip}@example.com","password":"a long password 1","name":"ring\\u0007"}`],
      ["sign-up/email", `{"email":"new-${ip}@example.com","password":"a long \\udc00 password","name":"Sokha"}`],
      ["sign-in/email", `{"email":"${user.email}\\ud800","password":"${PASSWORD}"}`],
      ["sign-in/magic-link", `{"email":"x@example.com","name":"a\\nb"}`],
      ["request-password-reset", `{"email":"x@example.com","redirectTo":"/reset\\u0007"}`],
    ]) {
      const res = await auth(endpoint!, json!);
      const body = (await res.json()) as { code?: string; message?: string };
      expect({ endpoint, status: res.status, code: body.code }, json).toEqual({ endpoint, status: 422, code: "VALIDATION_FAILED" });
      expect(TEXT_REFUSALS.some((m) => body.message?.includes(m)), `${json} → ${body.message}`).toBe(true);
    }
  });
});
