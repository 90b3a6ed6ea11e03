import { SMTPServer } from "smtp-server";

/**
 * A mail sink in a process of its own for `npm run bench:newsletter`: it accepts every mail, keeps
 * nothing but how many mails each recipient got, and answers its parent's "stats" message with the
 * totals. Run apart so that neither sender (the bare nodemailer loop, the site) shares its CPU with it.
 */
const perRecipient = new Map<string, number>();
let received = 0;
let firstAt = 0;
let lastAt = 0;

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  size: 1024 * 1024,
  onData(stream, session, callback) {
    stream.on("data", () => {});
    stream.on("end", () => {
      for (const { address } of session.envelope.rcptTo) perRecipient.set(address, (perRecipient.get(address) ?? 0) + 1);
      received += 1;
      lastAt = performance.now();
      firstAt ||= lastAt;
      callback();
    });
  },
});

server.listen(0, "127.0.0.1", () => {
  const address = server.server.address();
  process.send!({ port: typeof address === "object" && address ? address.port : 0 });
});

process.on("message", (message: { ask: "stats" | "reset" }) => {
  if (message.ask === "reset") {
    perRecipient.clear();
    received = firstAt = lastAt = 0;
    process.send!({ reset: true });
    return;
  }
  let duplicates = 0;
  for (const count of perRecipient.values()) duplicates += count - 1;
  process.send!({ received, distinct: perRecipient.size, duplicates, seconds: (lastAt - firstAt) / 1000 });
});
