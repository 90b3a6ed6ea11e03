import { createServer, type AddressInfo, type Socket } from "node:net";
import { connect } from "node:net";
import { SMTPServer } from "smtp-server";

/** An answer the test SMTP server gives to RCPT TO instead of accepting: e.g. 550 (for good) or 451 (later). */
export type SmtpRefusal = { code: number; message: string };

export interface TestSmtpServer {
  url: string;
  port: number;
  /** Every message accepted, raw. */
  received: string[];
  /** Every recipient asked for (RCPT TO), accepted or not, in order. */
  recipients: string[];
  /** Decides the answer to each RCPT TO; undefined accepts. Replace it to script refusals. */
  answer: (recipient: string) => SmtpRefusal | undefined;
  close: () => Promise<void>;
}

/** A local SMTP server that keeps every message it receives; `port` 0 picks a free one. */
export async function startSmtpServer(port = 0): Promise<TestSmtpServer> {
  const received: string[] = [];
  const recipients: string[] = [];
  const state = { answer: (() => undefined) as TestSmtpServer["answer"] };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onRcptTo(address, _session, callback) {
      recipients.push(address.address);
      const refusal = state.answer(address.address);
      if (!refusal) return callback();
      callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push(Buffer.concat(chunks).toString());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const { port: bound } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    port: bound,
    received,
    recipients,
    get answer() {
      return state.answer;
    },
    set answer(value) {
      state.answer = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface SilentSmtpFront {
  url: string;
  /** Connections accepted so far, and how many of them were closed (by either side). */
  connections: () => number;
  closed: () => number;
  /** Bytes written to the site so far: 0 while silent (not even a greeting). */
  bytesSent: () => number;
  /** Ends the silence: held connections are cut, new ones reach `target`. */
  forwardTo: (target: TestSmtpServer) => void;
  close: () => Promise<void>;
}

/**
 * A mail server that is down in the worst way: it accepts TCP connections and never says a word.
 * Once `forwardTo` is called, it passes new connections to a real SMTP server.
 */
export async function startSilentSmtpFront(): Promise<SilentSmtpFront> {
  const held = new Set<Socket>();
  let target: TestSmtpServer | undefined;
  let accepted = 0;
  let closed = 0;
  let bytesSent = 0;
  const server = createServer((socket) => {
    accepted += 1;
    socket.on("close", () => (closed += 1));
    socket.on("error", () => {});
    if (!target) {
      held.add(socket);
      return;
    }
    const upstream = connect(target.port, "127.0.0.1");
    upstream.on("error", () => socket.destroy());
    upstream.on("data", (chunk: Buffer) => (bytesSent += chunk.length));
    socket.pipe(upstream).pipe(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    connections: () => accepted,
    closed: () => closed,
    bytesSent: () => bytesSent,
    forwardTo(next) {
      target = next;
      for (const socket of held) socket.destroy();
      held.clear();
    },
    close: async () => {
      for (const socket of held) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
