import { request, type ClientRequest, type OutgoingHttpHeaders } from "node:http";

export interface StreamedAnswer {
  status: number;
  body: string;
  /** Bytes of the request body written before the answer came (or the connection closed). */
  sentBytes: number;
}

export interface StreamedBody {
  method?: string;
  headers?: OutgoingHttpHeaders;
  /** How many bytes to send at most; generated on the fly, never held in memory. */
  totalBytes: number;
  /** The repeated unit of the body (e.g. "a"), and an optional start (e.g. "name="). */
  fill?: string;
  start?: string;
  /** Pause between chunks, for a slow client; none by default. */
  chunkDelayMs?: number;
  chunkBytes?: number;
}

/**
 * Sends a request whose body is produced chunk by chunk (chunked unless Content-Length is given),
 * stops sending as soon as the server answers, and resolves with the answer and how much was sent.
 * The raw path is sent as written (backslashes included), unlike fetch, which normalises it.
 */
export function streamBody(url: string, path: string, options: StreamedBody): Promise<StreamedAnswer> {
  const chunkBytes = options.chunkBytes ?? 64 * 1024;
  const chunk = Buffer.from((options.fill ?? "a").repeat(Math.ceil(chunkBytes / (options.fill ?? "a").length)).slice(0, chunkBytes));
  return new Promise((resolve, reject) => {
    let sentBytes = 0;
    let answered = false;
    const req = request({ ...target(url, path), method: options.method ?? "POST", headers: options.headers });
    req.on("response", (res) => {
      answered = true;
      const parts: Buffer[] = [];
      res.on("data", (part: Buffer) => parts.push(part));
      const done = () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts).toString("utf8"), sentBytes });
      res.on("end", done);
      res.on("error", done);
      res.on("aborted", done);
    });
    // The server closing the connection on an unread body is expected once it has answered.
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    const send = async () => {
      if (options.start) {
        req.write(options.start);
        sentBytes += Buffer.byteLength(options.start);
      }
      while (!answered && !req.destroyed && sentBytes < options.totalBytes) {
        const piece = options.totalBytes - sentBytes < chunk.length ? chunk.subarray(0, options.totalBytes - sentBytes) : chunk;
        sentBytes += piece.length;
        if (!req.write(piece)) await writable(req);
        // The slow client a test is about: the server's request timeout runs on real time, with no clock to move.
        if (options.chunkDelayMs) await new Promise((next) => setTimeout(next, options.chunkDelayMs));
      }
      if (!answered && !req.destroyed) req.end();
    };
    send().catch(reject);
  });
}

/** Resolves once the request can take more, has been answered, or has closed. */
function writable(req: ClientRequest): Promise<void> {
  return new Promise((resolve) => {
    const events = ["drain", "response", "close"] as const;
    const done = () => {
      for (const event of events) req.off(event, done);
      resolve();
    };
    for (const event of events) req.once(event, done);
  });
}

/** A GET with the raw path as written; resolves with the status and Location header. */
export function rawGet(url: string, path: string, headers: OutgoingHttpHeaders = {}): Promise<{ status: number; location: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = request({ ...target(url, path), headers }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, location: res.headers.location }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** Host and port from the server's URL, with the path left exactly as given. */
function target(url: string, path: string): { hostname: string; port: string; path: string } {
  const { hostname, port } = new URL(url);
  return { hostname, port, path };
}
