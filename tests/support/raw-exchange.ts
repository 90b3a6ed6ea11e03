import { connect as connectTcp, type Socket } from "node:net";
import { connect as connectTls } from "node:tls";

/** What a server did with a request written by hand: answered (its status and headers), closed the connection unanswered, or refused the TLS handshake. */
export type RawOutcome = { kind: "answered"; status: number; headers: Record<string, string> } | { kind: "closed" } | { kind: "refused"; error: string };

export interface RawTls {
  /** The name sent in the handshake (SNI); none when absent, as for a client that asks for an address. */
  servername?: string;
  ca: Buffer;
}

/**
 * Sends `head` (request line and headers, exactly as given, e.g. a Host that does not match the address)
 * on a new connection to 127.0.0.1:`port`, over TLS when `tls` is given, and reads until the server closes.
 */
export function rawExchange(port: number, head: string, tls?: RawTls): Promise<RawOutcome> {
  return new Promise((resolve) => {
    let secured = !tls;
    const chunks: Buffer[] = [];
    const socket: Socket = tls
      ? connectTls({ host: "127.0.0.1", port, ca: tls.ca, ...(tls.servername ? { servername: tls.servername } : { checkServerIdentity: () => undefined }) }, () => {
          secured = true;
          socket.write(head);
        })
      : connectTcp(port, "127.0.0.1", () => socket.write(head));
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", (error) => {
      if (!secured) resolve({ kind: "refused", error: error.message });
    });
    socket.on("close", () => {
      if (!secured) return resolve({ kind: "refused", error: "closed during the handshake" });
      const text = Buffer.concat(chunks).toString("latin1");
      if (!text) return resolve({ kind: "closed" });
      const [statusLine = "", ...lines] = text.slice(0, text.indexOf("\r\n\r\n")).split("\r\n");
      const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]));
      resolve({ kind: "answered", status: Number(statusLine.split(" ")[1]), headers });
    });
  });
}
