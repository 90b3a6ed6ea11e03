import type { IncomingMessage } from "node:http";
import type { Request, RequestHandler, Response } from "express";
import { NO_STORE } from "~/lib/plain-answers";

/**
 * Every form the site has fits in far less: the longest (a 5,000-character contact message or a
 * 4,000-character episode description, each character up to 12 bytes once UTF-8 and URL-encoded)
 * stays under 64 KB. Files never come this way: they go to the resumable upload endpoint.
 */
export const MAX_BODY_BYTES = 100 * 1024;

export interface BodyLimits {
  maxBytes: number;
  /** How long the whole body may take to arrive before the request is answered 408. */
  timeoutMs: number;
  /** Paths whose requests stream their own bodies (the upload endpoint), left untouched. */
  exempt: (path: string) => boolean;
}

const bodies = new WeakMap<IncomingMessage, Buffer>();

/** The body the middleware read for this request (empty when it had none). */
export function bufferedBody(req: IncomingMessage): Buffer | undefined {
  return bodies.get(req);
}

/**
 * Reads every request body outside the exempt paths into memory, up to `maxBytes`: a larger
 * Content-Length is refused before a byte is read, and a body without one (chunked) is counted as it
 * arrives and refused as soon as it passes the limit. A body that has not arrived in full within
 * `timeoutMs` is answered 408. Either refusal closes the connection, so the rest is never read.
 * NUL bytes are removed from the body here, the one place bodies are read (PostgreSQL refuses them in text).
 */
export function boundedBodies(limits: BodyLimits): RequestHandler {
  return (req, res, next) => {
    if (limits.exempt(req.path)) return next();
    const declared = req.headers["content-length"];
    const hasBody = req.headers["transfer-encoding"] !== undefined || (declared !== undefined && declared !== "0");
    if (!hasBody) {
      bodies.set(req, Buffer.alloc(0));
      return next();
    }
    if (declared !== undefined && Number(declared) > limits.maxBytes) return refuse(req, res, 413);

    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (status?: number) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.off("data", onData);
      if (status) return refuse(req, res, status);
      bodies.set(req, withoutNul(Buffer.concat(chunks, size), req.headers["content-type"]));
      next();
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limits.maxBytes) settle(413);
      else chunks.push(chunk);
    };
    const timer = setTimeout(() => settle(408), limits.timeoutMs);
    req.on("data", onData);
    req.once("end", () => settle());
    // A client that goes away mid-body needs no answer; the timer must not outlive it.
    req.once("close", () => {
      if (!req.complete) {
        settled = true;
        clearTimeout(timer);
      }
    });
  };
}

const MESSAGES: Record<number, string> = {
  408: "Request Timeout: the request body did not arrive in time.",
  413: `Payload Too Large: forms on this site are limited to ${MAX_BODY_BYTES / 1024} KB.`,
};

/** How long, and how much more of the body, the connection takes after a refusal before it closes. */
const LINGER_MS = 2_000;
const LINGER_BYTES = 8 * 1024 * 1024;

/**
 * A short plain answer, then the connection closes. Closing at once while the client is still sending
 * makes its system drop our answer for a "connection reset", so, as nginx does, the server first stops
 * sending and discards what still arrives, for at most LINGER_MS or LINGER_BYTES, never the whole body.
 */
function refuse(req: Request, res: Response, status: number): void {
  res.status(status).set("Cache-Control", NO_STORE).type("text/plain").send(MESSAGES[status]);
  res.once("finish", () => {
    const socket = req.socket;
    socket.end();
    const close = () => socket.destroy();
    const timer = setTimeout(close, LINGER_MS);
    let dropped = 0;
    req.removeAllListeners("data");
    req.on("data", (chunk: Buffer) => {
      dropped += chunk.length;
      if (dropped > LINGER_BYTES) close();
    });
    req.resume();
    socket.once("close", () => clearTimeout(timer));
  });
}

/**
 * A NUL byte is never part of a form's text: removed raw from any body, and as `%00` from
 * URL-encoded ones (every `%` there starts an escape, so `%00` is always an encoded NUL).
 */
function withoutNul(body: Buffer, contentType: string | undefined): Buffer {
  if (!body.includes(0) && !(isUrlEncoded(contentType) && body.includes("%00"))) return body;
  let text = body.toString("latin1").replaceAll("\u0000", "");
  if (isUrlEncoded(contentType)) text = text.replaceAll("%00", "");
  return Buffer.from(text, "latin1");
}

function isUrlEncoded(contentType: string | undefined): boolean {
  return (contentType ?? "").toLowerCase().startsWith("application/x-www-form-urlencoded");
}
