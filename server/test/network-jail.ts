// A network jail for a server process under test (loaded with `--import` after tsx, before the
// server's own modules): the process can reach loopback only, whatever its code tries.
//
// - Every TCP connect goes through Node's TCP handle (plain sockets, TLS, http, happy eyeballs):
//   one to loopback (127.0.0.0/8, ::1, ::ffff:127.x) goes ahead; one to an address in `nat` is
//   sent to that loopback port instead (the test's stand-in for a public server); anything else
//   fails with EACCES before a packet is sent. Each connect outside loopback is reported.
// - Name lookups (dns.lookup, what node:net, node:http and the webhook guard's resolver use) are
//   answered from the JSON table in `hostsFile`, re-read at every lookup so a test can change an
//   answer (DNS rebinding); `localhost` and `*.localhost` are loopback as RFC 6761 has them; any
//   other name does not resolve. dns.resolve* (c-ares) find nothing. No DNS query leaves the
//   process.
//
// Only the network's answers are faked: the code under test (the address guard, the webhook
// client) runs unchanged. Reports are lines on stderr: `[network-jail] {"kind":…}`.
import dns from "node:dns";
import { readFileSync } from "node:fs";
import { isIP } from "node:net";
import { syncBuiltinESMExports } from "node:module";
import { constants } from "node:os";

export interface JailSettings {
  /** JSON file: { "name.example": ["203.0.113.7", "::1"] }. */
  hostsFile: string;
  /** Address (outside loopback) → the loopback port a connect to it reaches instead. */
  nat: Record<string, number>;
}

export const JAIL_ENV = "KEYSHOP_NETWORK_JAIL";
export const JAIL_PREFIX = "[network-jail] ";

export type JailReport =
  | { kind: "active" }
  | { kind: "connect"; address: string; port: number; to: number }
  | { kind: "refused"; address: string; port: number }
  | { kind: "lookup"; hostname: string; addresses: string[] }
  | { kind: "unknown-name"; hostname: string };

export function isLoopback(address: string): boolean {
  const bare = address.toLowerCase().replace(/^::ffff:/, "");
  return bare === "::1" || (isIP(bare) === 4 && bare.startsWith("127."));
}

const settings = process.env[JAIL_ENV] ? (JSON.parse(process.env[JAIL_ENV]) as JailSettings) : undefined;

function report(entry: JailReport) {
  process.stderr.write(`${JAIL_PREFIX}${JSON.stringify(entry)}\n`);
}

type Connect = (this: unknown, req: unknown, address: string, port: number, ...rest: unknown[]) => number;
interface TcpBinding {
  TCP: { prototype: { connect: Connect; connect6: Connect } };
}

function jailConnects(jail: JailSettings) {
  const { TCP } = (process as unknown as { binding(name: string): TcpBinding }).binding("tcp_wrap");
  const wrap = (original: Connect, loopback: string): Connect =>
    function (this: unknown, req, address, port, ...rest) {
      if (isLoopback(address)) return original.call(this, req, address, port, ...rest);
      const to = jail.nat[address];
      if (to !== undefined) {
        report({ kind: "connect", address, port, to });
        return original.call(this, req, loopback, to, ...rest);
      }
      report({ kind: "refused", address, port });
      return -constants.errno.EACCES;
    };
  TCP.prototype.connect = wrap(TCP.prototype.connect, "127.0.0.1");
  TCP.prototype.connect6 = wrap(TCP.prototype.connect6, "::1");
}

interface Found {
  address: string;
  family: 4 | 6;
}

function answer(jail: JailSettings, hostname: string): Found[] | undefined {
  const literal = isIP(hostname);
  if (literal) return [{ address: hostname, family: literal as 4 | 6 }];
  const name = hostname.toLowerCase().replace(/\.$/, "");
  let addresses: string[] | undefined;
  if (name === "localhost" || name.endsWith(".localhost")) addresses = ["127.0.0.1", "::1"];
  else {
    const table = JSON.parse(readFileSync(jail.hostsFile, "utf8")) as Record<string, string[]>;
    addresses = table[name];
  }
  if (!addresses?.length) return undefined;
  return addresses.map((address) => ({ address, family: isIP(address) === 6 ? 6 : 4 }));
}

function jailLookups(jail: JailSettings) {
  type Callback = (err: NodeJS.ErrnoException | null, address?: string | Found[], family?: number) => void;
  function lookup(hostname: string, options: unknown, callback?: Callback) {
    const cb = (typeof options === "function" ? options : callback) as Callback;
    const opts = (typeof options === "number" ? { family: options } : typeof options === "object" && options ? options : {}) as { family?: number | string; all?: boolean };
    const family = opts.family === 4 || opts.family === "IPv4" ? 4 : opts.family === 6 || opts.family === "IPv6" ? 6 : 0;
    const found = answer(jail, hostname)?.filter((a) => !family || a.family === family);
    process.nextTick(() => {
      if (!found?.length) {
        if (!isIP(hostname)) report({ kind: "unknown-name", hostname });
        return cb(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND", errno: -3008, syscall: "getaddrinfo", hostname }));
      }
      if (!isIP(hostname)) report({ kind: "lookup", hostname, addresses: found.map((a) => a.address) });
      if (opts.all) cb(null, found);
      else cb(null, found[0]!.address, found[0]!.family);
    });
  }
  const notFound = (...args: unknown[]) => {
    const cb = args.at(-1);
    const err = Object.assign(new Error(`queryA ENOTFOUND ${String(args[0])}`), { code: "ENOTFOUND" });
    if (typeof cb === "function") process.nextTick(() => (cb as (e: Error) => void)(err));
  };
  const target = dns as unknown as Record<string, unknown>;
  target.lookup = lookup;
  for (const name of ["resolve", "resolve4", "resolve6", "resolveAny", "resolveCname", "resolveMx", "resolveNs", "resolveSrv", "resolveTxt", "reverse"]) target[name] = notFound;
  const promises = dns.promises as unknown as Record<string, unknown>;
  promises.lookup = (hostname: string, options?: unknown) =>
    new Promise((resolve, reject) =>
      lookup(hostname, options ?? {}, (err, address, family) => (err ? reject(err) : resolve(Array.isArray(address) ? address : { address, family }))),
    );
  // ESM importers of node:dns (`import { lookup } from "node:dns"`) see the replacements too.
  syncBuiltinESMExports();
}

if (settings) {
  jailConnects(settings);
  jailLookups(settings);
  report({ kind: "active" });
}
