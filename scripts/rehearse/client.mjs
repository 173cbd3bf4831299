// The rehearsal's HTTP client: requests over https trusting only the given CAs (Caddy's internal
// root, the PayWay simulator's certificate), with a browser-like cookie jar. Every answer is
// recorded (step, method, path, status) so the rehearsal can say whether any was a 5xx.
import { Agent, request as httpsRequest } from "node:https";

/** Cookies as a browser keeps them for one site (name → value). */
export class CookieJar {
  cookies = new Map();
  take(setCookies) {
    for (const line of setCookies ?? []) {
      const [pair] = line.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (value === "" || /;\s*max-age=(0|-\d+)/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

export function createClient({ ca, origin }) {
  const agent = new Agent({ ca, keepAlive: true, maxSockets: 8 });
  /** Every answer the walk saw. */
  const seen = [];
  let step = "setup";

  /**
   * One request: `json` or `form` as the body; `jar` sends and keeps cookies. Resolves with
   * { status, headers, text, json() }; rejects only when no answer came at all.
   */
  function send(method, url, { json, form, headers = {}, jar, timeoutMs = 30_000 } = {}) {
    const target = new URL(url, origin);
    const body = json !== undefined ? JSON.stringify(json) : form !== undefined ? new URLSearchParams(form).toString() : undefined;
    const head = {
      origin,
      ...(json !== undefined ? { "content-type": "application/json" } : {}),
      ...(form !== undefined ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      ...(body !== undefined ? { "content-length": Buffer.byteLength(body) } : {}),
      ...(jar && jar.cookies.size ? { cookie: jar.header() } : {}),
      ...headers,
    };
    return new Promise((resolve, reject) => {
      const req = httpsRequest(target, { method, headers: head, agent, timeout: timeoutMs }, (res) => {
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => {
          jar?.take(res.headers["set-cookie"]);
          const text = Buffer.concat(chunks).toString("utf8");
          seen.push({ step, method, path: `${target.host}${target.pathname}`, status: res.statusCode });
          resolve({ status: res.statusCode, headers: res.headers, raw: Buffer.concat(chunks), text, json: () => JSON.parse(text) });
        });
        res.on("error", reject);
      });
      req.on("timeout", () => req.destroy(new Error(`${method} ${target.pathname}: no answer in ${timeoutMs} ms`)));
      req.on("error", (err) => {
        seen.push({ step, method, path: `${target.host}${target.pathname}`, status: null, error: err.message });
        reject(err);
      });
      if (body !== undefined) req.write(body);
      req.end();
    });
  }

  /** `send`, then insists on one status: a failure names the request and shows the answer. */
  async function expectStatus(expected, method, url, options) {
    const res = await send(method, url, options);
    const wanted = [expected].flat();
    if (!wanted.includes(res.status)) throw new Error(`${method} ${url}: expected ${wanted.join(" or ")}, got ${res.status}: ${res.text.slice(0, 300)}`);
    return res;
  }

  return {
    origin,
    send,
    expect: expectStatus,
    seen,
    setStep: (name) => (step = name),
    close: () => agent.destroy(),
  };
}
