// Where webhooks may go. In production (publicOnly): https only, and never to a private, loopback,
// link-local, unique-local, multicast or otherwise reserved address. Names are checked when an
// endpoint is registered and again at every delivery, inside the connection's own DNS lookup: the
// addresses the check passes are the ones connected to, so a name that changes its answer between
// a check and a connect (DNS rebinding) reaches nothing it should not. Every address a name
// resolves to must be public, not just one. Outside production anything http(s) goes (local tests).
import { lookup as dnsLookup } from "node:dns";
import { BlockList, isIP, type LookupFunction } from "node:net";

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}
/** Every address of a name (node:dns lookup, all: true); tests inject their own. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses) => {
      if (err) reject(err);
      else resolve(addresses.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 })));
    });
  });

export interface AddressPolicy {
  /** Production: https and public addresses only. */
  publicOnly: boolean;
}

const V4_RESERVED: Array<[string, number]> = [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local (cloud metadata lives here)
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
];
const v4Reserved = new BlockList();
for (const [net, prefix] of V4_RESERVED) v4Reserved.addSubnet(net, prefix, "ipv4");

/** IPv6: only global unicast (2000::/3) is public, minus the ranges below. */
const v6Global = new BlockList();
v6Global.addSubnet("2000::", 3, "ipv6");
const v6Reserved = new BlockList();
v6Reserved.addSubnet("2001::", 32, "ipv6"); // Teredo (tunnels to any IPv4)
v6Reserved.addSubnet("2001:db8::", 32, "ipv6"); // documentation
v6Reserved.addSubnet("2002::", 16, "ipv6"); // 6to4 (embeds any IPv4)

/** The IPv4 address inside an IPv4-mapped or NAT64 IPv6 address (::ffff:10.0.0.1, 64:ff9b::a00:1), if any. */
function embeddedIpv4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return undefined;
  const hi = parseInt(hex[1]!, 16);
  const lo = parseInt(hex[2]!, 16);
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join(".");
}

/** Whether an address is a public, routable unicast address (false for anything else, and for non-addresses). */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "").split("%")[0]!; // brackets, zone ids
  const version = isIP(bare);
  if (version === 4) return !v4Reserved.check(bare, "ipv4");
  if (version !== 6) return false;
  const v4 = embeddedIpv4(bare);
  if (v4) return isIP(v4) === 4 && !v4Reserved.check(v4, "ipv4");
  return v6Global.check(bare, "ipv6") && !v6Reserved.check(bare, "ipv6");
}

/** Why a webhook cannot be sent there; thrown by the checks below. */
export class AddressRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "AddressRefused";
  }
}

/** The URL's own rules (no DNS): http(s), https in production, no private address literal there. */
export function urlProblem(rawUrl: string, policy: AddressPolicy): string | undefined {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return "not a URL";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return "only http(s) URLs";
  if (url.username || url.password) return "no user name or password in the URL";
  if (!policy.publicOnly) return undefined;
  if (url.protocol !== "https:") return "only https URLs in production";
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host)) return isPublicAddress(host) ? undefined : `${host} is not a public address`;
  // "localhost." and "intranet." are the same hosts as without the trailing dot (DNS's root).
  const lower = host.toLowerCase().replace(/\.$/, "");
  if (lower === "localhost" || lower.endsWith(".localhost") || !lower.includes(".")) return `${host} is not a public host name`;
  return undefined;
}

/** Resolves a name and refuses it unless every address is public (publicOnly), or it has none. */
export async function resolveAllowed(hostname: string, policy: AddressPolicy, resolver: Resolver): Promise<ResolvedAddress[]> {
  const host = hostname.replace(/^\[|\]$/g, "");
  const literal = isIP(host);
  const addresses = literal ? [{ address: host, family: literal as 4 | 6 }] : await resolver(host);
  if (!addresses.length) throw new AddressRefused(`${host} does not resolve`);
  if (policy.publicOnly) {
    const bad = addresses.find((a) => !isPublicAddress(a.address));
    if (bad) throw new AddressRefused(`${host} resolves to ${bad.address}, which is not a public address`);
  }
  return addresses;
}

/**
 * A `lookup` for http.request: resolves with `resolver`, refuses the connection unless every
 * address is allowed, and hands the connection exactly the addresses it checked.
 */
export function guardedLookup(policy: AddressPolicy, resolver: Resolver): LookupFunction {
  return (hostname, options, callback) => {
    resolveAllowed(hostname, policy, resolver).then(
      (addresses) => {
        const family = options.family === 4 || options.family === 6 ? options.family : undefined;
        const usable = family ? addresses.filter((a) => a.family === family) : addresses;
        if (!usable.length) return callback(Object.assign(new Error(`${hostname} has no IPv${family} address`), { code: "ENOTFOUND" }), "", 0);
        if (options.all) return (callback as unknown as (err: null, all: ResolvedAddress[]) => void)(null, usable);
        callback(null, usable[0]!.address, usable[0]!.family);
      },
      (err: Error) => callback(err as NodeJS.ErrnoException, "", 0),
    );
  };
}
