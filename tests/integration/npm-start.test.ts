import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PATHS } from "../../server/paths";
import { freePort } from "../support/nginx";

// `npm start` as a process manager runs it: the address it prints, and a SIGTERM that stops the server.

/** Whether something still listens on the port: binding it fails then. */
async function portInUse(port: number): Promise<boolean> {
  const probe = createServer();
  return new Promise((resolve) => {
    probe.once("error", () => resolve(true));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(false)));
  });
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

function npmStart(env: Record<string, string>) {
  const { APP_URL: _unset, ...inherited } = process.env;
  const child = spawn("npm", ["start"], {
    cwd: PATHS.root,
    env: { ...inherited, NODE_ENV: "production", HOST: "127.0.0.1", LOG_LEVEL: "info", DATA_DIR: mkdtempSync(path.join(tmpdir(), "npm-start-")), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  /** Resolves with the first match of `pattern` in what the process printed. */
  const printed = (pattern: RegExp) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const look = (chunk?: Buffer) => {
        output += chunk?.toString() ?? "";
        const match = pattern.exec(output);
        if (match) resolve(match);
      };
      look();
      child.stdout.on("data", look);
      child.stderr.on("data", look);
      void exited.then(() => reject(new Error(`npm start ended before printing ${pattern}:\n${output}`)));
    });
  return { child, exited, printed };
}

describe("npm start", () => {
  it("prints the address it listens on, and a SIGTERM to npm stops the server and frees the port", async () => {
    const port = await freePort();
    const start = npmStart({ PORT: String(port) });
    const [, pid] = await start.printed(/"pid":(\d+)[^\n]*"server listening"/);
    const serverPid = Number(pid);
    try {
      expect((await start.printed(/running at (\S+)\n/))[1]).toBe(`http://127.0.0.1:${port}`);
      start.child.kill("SIGTERM");
      await start.exited;
      expect(isRunning(serverPid)).toBe(false);
      expect(await portInUse(port)).toBe(false);
    } finally {
      if (isRunning(serverPid)) process.kill(serverPid, "SIGKILL");
    }
  });

  it("prints APP_URL when it is set, with the address it listens on", async () => {
    const port = await freePort();
    const start = npmStart({ PORT: String(port), APP_URL: "https://diaspora.example" });
    const [, pid] = await start.printed(/"pid":(\d+)[^\n]*"server listening"/);
    try {
      expect((await start.printed(/running at ([^\n]+)\n/))[1]).toBe(`https://diaspora.example (listening on http://127.0.0.1:${port})`);
    } finally {
      start.child.kill("SIGTERM");
      await start.exited;
      if (isRunning(Number(pid))) process.kill(Number(pid), "SIGKILL");
    }
  });
});
