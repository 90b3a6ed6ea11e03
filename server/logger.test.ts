import { execFileSync } from "node:child_process";
import { closeSync, constants, mkdtempSync, openSync, readSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loggerOnOutput } from "./logger";

/** Everything the pipe holds now and brings within `ms`, read without blocking. */
async function drain(fd: number, ms: number): Promise<string> {
  const chunks: Buffer[] = [];
  const buffer = Buffer.alloc(1 << 16);
  for (const until = Date.now() + ms; Date.now() < until; ) {
    let read = 0;
    try {
      read = readSync(fd, buffer);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EAGAIN") throw error;
    }
    if (read > 0) chunks.push(Buffer.from(buffer.subarray(0, read)));
    else await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return Buffer.concat(chunks).toString("utf8");
}

describe("the log on standard output", () => {
  it("holds a bounded amount for a reader that stops reading, and reports what it dropped once it reads again", async () => {
    const fifo = path.join(mkdtempSync(path.join(tmpdir(), "log-")), "out");
    execFileSync("mkfifo", [fifo]);
    const reader = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
    const writer = openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK);
    const logger = loggerOnOutput("info", writer, 256 * 1024, 50);
    // 4 MB of access log while nobody reads: the pipe takes 64 KB, the logger keeps at most 256 KB.
    for (let line = 0; line < 20_000; line++) logger.info({ req: { method: "GET", path: `/blog/${"x".repeat(120)}` }, line }, "request completed");
    await new Promise((resolve) => setTimeout(resolve, 100));
    const received = await drain(reader, 1500);
    closeSync(reader);
    const lines = received.trim().split("\n").map((line) => JSON.parse(line) as { msg: string; linesDropped?: number });
    expect(received.length).toBeLessThan(400 * 1024);
    expect(lines.length).toBeGreaterThan(100);
    const report = lines.find((line) => line.msg === "log lines dropped: their reader was not reading");
    expect(report?.linesDropped).toBeGreaterThan(10_000);
    expect(lines.filter((line) => line.msg === "request completed").length + report!.linesDropped!).toBeLessThanOrEqual(20_000);
  });
});
