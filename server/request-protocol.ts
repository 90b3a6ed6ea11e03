import type { IncomingMessage } from "node:http";

/** The request's protocol as Express reads it: X-Forwarded-Proto only from a trusted proxy. */
export function isHttps(req: IncomingMessage, trustsProxy: (address: string, hop: number) => boolean): boolean {
  if ("encrypted" in req.socket && req.socket.encrypted) return true;
  if (!trustsProxy(req.socket.remoteAddress ?? "", 0)) return false;
  const header = req.headers["x-forwarded-proto"];
  const first = (Array.isArray(header) ? header[0] : header)?.split(",")[0]?.trim();
  return first === "https";
}
