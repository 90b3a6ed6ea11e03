import { isIP } from "node:net";

/**
 * The key that limits and counters use for "one network": an IPv4 address as it is, an IPv6 address as
 * its /64 (one household or server usually holds a whole /64, so counting single IPv6 addresses would let
 * one client rotate through billions of them). IPv4-mapped IPv6 addresses count as their IPv4 address.
 */
export function networkKey(ip: string | null | undefined): string {
  if (!ip) return "unknown";
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (isIP(ip) !== 6) return ip;
  return `${expandIpv6(ip).slice(0, 4).join(":")}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, in lower case without leading zeros. */
function expandIpv6(ip: string): string[] {
  const withoutZone = (ip.split("%")[0] ?? "").toLowerCase();
  const [head = "", tail] = withoutZone.includes("::") ? withoutZone.split("::") : [withoutZone, undefined];
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const lastIsIpv4 = (tailGroups.length ? tailGroups : headGroups).at(-1)?.includes(".");
  const groupCount = 8 - (lastIsIpv4 ? 1 : 0);
  const missing = tail === undefined ? 0 : groupCount - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array<string>(missing).fill("0"), ...tailGroups];
  return groups.map((group) => (group.includes(".") ? group : String(parseInt(group, 16).toString(16))));
}
