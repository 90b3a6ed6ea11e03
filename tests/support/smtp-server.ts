import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** A local SMTP server that keeps every message it receives; `port` 0 picks a free one. */
export async function startSmtpServer(port = 0): Promise<{ url: string; received: string[]; close: () => Promise<void> }> {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
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
  return { url: `smtp://127.0.0.1:${bound}`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
