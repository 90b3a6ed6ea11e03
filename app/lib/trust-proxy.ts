import { isIP } from "node:net";

/**
 * Which proxies in front of the server are believed when they name the client in X-Forwarded-For:
 * a number of hops counted from the server (0: none, so the connecting address is the client), or
 * the proxies' own addresses and CIDR ranges. Express's `trust proxy` setting takes both forms.
 */
export type TrustProxy = number | string[];

/** Express's names for the loopback, link-local and private (unique local) ranges. */
const NAMED_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);
const MAX_HOPS = 10;

/**
 * TRUST_PROXY as written by the owner: `false` (or blank) trusts no proxy, `true` one proxy (the
 * nearest, as nginx on the same machine), a number that many, and anything else a comma-separated
 * list of addresses, CIDR ranges and the names above. `true` never means "every hop": that would let a
 * client write its own address into the header.
 */
export function parseTrustProxy(raw: string): { value: TrustProxy } | { error: string } {
  const text = raw.trim().toLowerCase();
  if (text === "" || text === "false") return { value: 0 };
  if (text === "true") return { value: 1 };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops <= MAX_HOPS ? { value: hops } : { error: `expected at most ${MAX_HOPS} proxies, got ${hops}` };
  }
  const entries = text.split(",").map((entry) => entry.trim());
  const wrong = entries.find((entry) => !isProxyEntry(entry));
  if (wrong !== undefined) {
    return { error: `expected true, false, a number of proxies, or a comma-separated list of proxy addresses and CIDR ranges; "${wrong}" is none of these` };
  }
  return { value: entries };
}

function isProxyEntry(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}
