// The contract test (docs/decisions/021-openapi-document.md): every answer the authorization
// matrix and the fuzzer receive is checked against the OpenAPI document the app serves. The
// request's path is resolved to its operation (`/api/licenses/123` → `PATCH /api/licenses/{id}`),
// and the answer must be one the operation documents: its status listed, its media type among
// that status's, and a JSON body valid against that media type's schema (OpenAPI 3.1 schemas are
// JSON Schema 2020-12: Ajv). Routes outside the document (better-auth, the spec's functions,
// PayWay's returns, dev pages, simulators, the web app) are not checked here: both suites list
// them with what they must answer. A route added later is checked as soon as it is documented.
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import type { App } from "../app";

// ajv-formats is CommonJS: its default export arrives wrapped under ESM interop.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as typeof addFormatsModule;

interface MediaType {
  schema?: unknown;
}
interface ResponseObject {
  description?: string;
  content?: Record<string, MediaType>;
}
interface Operation {
  responses?: Record<string, ResponseObject>;
}
/** As much of an OpenAPI document as the checker reads. */
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

/** One answer as a client saw it. */
export interface Exchange {
  method: string;
  /** The request's URL (absolute, or a path): only its path is read. */
  url: string;
  status: number;
  /** The Content-Type header, if any. */
  contentType: string | null;
  /** The body as text; undefined when it was not read (a stream that was cancelled). */
  body: string | undefined;
}

export interface Contract {
  /** "METHOD /path/{param}" of the documented operation that answers this request, or undefined. */
  operationOf(method: string, url: string): string | undefined;
  /** What is wrong with this answer ([] when it is what the document says); undefined outside the document. */
  problems(exchange: Exchange): string[] | undefined;
  /** Throws, naming the request and every problem, when the answer breaks the document. */
  check(exchange: Exchange): void;
  /** Answers checked so far, per "METHOD /path/{param} → status". */
  readonly checked: Map<string, number>;
  /** The documented operations no answer has been checked for yet ("METHOD /path/{param}"). */
  unchecked(): string[];
}

const DOCUMENT_ID = "https://keyshop.local/openapi.json";
const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A JSON pointer segment. */
const pointer = (s: string) => s.replace(/~/g, "~0").replace(/\//g, "~1");
const mediaTypeOf = (contentType: string | null) => (contentType ?? "").split(";")[0]!.trim().toLowerCase();
const isJson = (mediaType: string) => mediaType === "application/json" || mediaType.endsWith("+json");

/** The document the app serves, ready to check answers against. */
export async function loadContract(app: App): Promise<Contract> {
  const res = await app.request("/api/openapi.json");
  if (res.status !== 200) throw new Error(`GET /api/openapi.json answered ${res.status}`);
  const doc = (await res.json()) as OpenApiDocument;
  return createContract(doc);
}

export function createContract(doc: OpenApiDocument): Contract {
  // The whole document is one schema resource: the response schemas are reached by JSON pointer
  // and their $refs (#/components/schemas/…) resolve against the document itself. `strict: false`
  // lets OpenAPI's own keywords (example, discriminator, …) pass as annotations.
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  addFormats(ajv);
  ajv.addSchema({ ...doc, $id: DOCUMENT_ID });
  const validators = new Map<string, ValidateFunction>();
  const validatorAt = (ref: string) => {
    let validate = validators.get(ref);
    if (!validate) validators.set(ref, (validate = ajv.compile({ $ref: `${DOCUMENT_ID}#${ref}` })));
    return validate;
  };

  // Static paths before templated ones, as the router prefers them: /api/orders/checkout is not /api/orders/{id}.
  const templates = Object.entries(doc.paths)
    .map(([path, ops]) => ({
      path,
      ops,
      params: (path.match(/\{[^}]+\}/g) ?? []).length,
      pattern: new RegExp(`^${path.split(/(\{[^}]+\})/).map((part) => (/^\{[^}]+\}$/.test(part) ? "[^/]+" : escapeRegExp(part))).join("")}$`),
    }))
    .sort((a, b) => a.params - b.params);

  const resolve = (method: string, url: string) => {
    const path = new URL(url, "http://contract.invalid").pathname;
    const m = method.toLowerCase();
    // The first template of this path that has the method: another method of a static path falls
    // through to a templated one, as in the router (GET /api/orders/checkout is GET /api/orders/{id}).
    const found = templates.find((t) => t.pattern.test(path) && METHODS.includes(m) && t.ops[m]);
    return found && { path: found.path, method: m, operation: found.ops[m]! };
  };

  const checked = new Map<string, number>();

  const contract: Contract = {
    checked,
    unchecked() {
      const seen = new Set([...checked.keys()].map((k) => k.split(" → ")[0]));
      return Object.entries(doc.paths)
        .flatMap(([path, ops]) => Object.keys(ops).filter((m) => METHODS.includes(m)).map((m) => `${m.toUpperCase()} ${path}`))
        .filter((op) => !seen.has(op));
    },
    operationOf(method, url) {
      const found = resolve(method, url);
      return found && `${found.method.toUpperCase()} ${found.path}`;
    },
    problems({ method, url, status, contentType, body }) {
      const found = resolve(method, url);
      if (!found) return undefined;
      const key = `${found.method.toUpperCase()} ${found.path}`;
      checked.set(`${key} → ${status}`, (checked.get(`${key} → ${status}`) ?? 0) + 1);
      const responses = found.operation.responses ?? {};
      const statusKey = [String(status), `${String(status)[0]}XX`, "default"].find((k) => k in responses);
      if (!statusKey) return [`status ${status} is not documented for ${key} (documented: ${Object.keys(responses).join(", ")})`];
      const content = responses[statusKey]!.content;
      const mediaType = mediaTypeOf(contentType);
      const hasBody = body === undefined || body.length > 0;
      if (!content || Object.keys(content).length === 0) {
        return hasBody && body !== undefined ? [`${key} → ${status} documents no body, but one came (${contentType ?? "no Content-Type"})`] : [];
      }
      if (!hasBody) return [`${key} → ${status} documents a body (${Object.keys(content).join(", ")}), but none came`];
      const documentedType = Object.keys(content).find((t) => t.toLowerCase() === mediaType);
      if (!documentedType) return [`${key} → ${status} came as ${contentType ?? "no Content-Type"}; documented: ${Object.keys(content).join(", ")}`];
      // A stream that was not read, or a body that is not JSON: the media type is all there is to check.
      if (body === undefined || !isJson(mediaType) || content[documentedType]!.schema === undefined) return [];
      let value: unknown;
      try {
        value = JSON.parse(body);
      } catch {
        return [`${key} → ${status} is not JSON although its Content-Type says so: ${body.slice(0, 200)}`];
      }
      const validate = validatorAt(`/paths/${pointer(found.path)}/${found.method}/responses/${statusKey}/content/${pointer(documentedType)}/schema`);
      if (validate(value)) return [];
      return (validate.errors ?? []).map((e) => `${key} → ${status}: body${e.instancePath} ${e.message}${e.params && Object.keys(e.params).length ? ` ${JSON.stringify(e.params)}` : ""}`);
    },
    check(exchange) {
      const problems = contract.problems(exchange);
      if (!problems?.length) return;
      const body = exchange.body === undefined ? "(not read)" : exchange.body.slice(0, 300);
      throw new Error(`not as the OpenAPI document says: ${problems.join("; ")}\n  request: ${exchange.method} ${exchange.url}\n  answer: ${exchange.status} ${exchange.contentType ?? ""} ${body}`);
    },
  };
  return contract;
}
