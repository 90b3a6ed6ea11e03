import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PATHS } from "../../server/paths";

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  dataDir: string;
  output: () => string;
  /** Resolves with the exit code (or signal name) once the process has ended. */
  exited: Promise<number | string>;
}

/**
 * Runs the server as `npm start` runs it in production, as its own process on a free port: the compiled
 * entry (build/entry/main.js, made by `npm run build` or scripts/build-if-stale.ts) under plain node, so
 * `child` is the server itself and a SIGKILL sent to it ends the server. `entry` runs another copy's build.
 */
export function spawnServer(env: Record<string, string> = {}, { entry = PATHS.compiledServer }: { entry?: string } = {}): ServerProcess & { ready: Promise<void> } {
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "server-process-"));
  const child = spawn(process.execPath, [entry], {
    env: { ...process.env, NODE_ENV: "production", PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "warn", DATA_DIR: dataDir, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise<number | string>((resolve) => child.on("exit", (code, signal) => resolve(code ?? signal ?? -1)));
  const result: ServerProcess & { ready: Promise<void> } = {
    child,
    url: "",
    dataDir,
    output: () => output,
    exited,
    ready: new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        // "running at <APP_URL> (listening on <address>)" when APP_URL is set, else "running at <address>".
        const match = /listening on (http:\/\/[^\s)]+)\)/.exec(output) ?? /running at (http:\/\/\S+)\n/.exec(output);
        if (match && !result.url) {
          result.url = match[1]!.replace("localhost", "127.0.0.1");
          resolve();
        }
      };
      child.stdout!.on("data", onData);
      child.stderr!.on("data", onData);
      exited.then((code) => reject(new Error(`server exited (${code}) before it was ready:\n${output}`)));
    }),
  };
  // A server that ends by itself once it served (no test sent it a signal) takes its reason with it:
  // its output is only read by the tests that ask, so it is printed here for the run's log.
  void exited.then((code) => {
    if (result.url && !child.killed) console.error(`The server at ${result.url} exited (${code}) by itself. Its last output:\n${output.slice(-8000)}`);
  });
  return result;
}

/** Waits (polling, at most `timeoutMs`) until the process has printed something matching `pattern`, and returns the match. */
export async function printed(server: ServerProcess, pattern: RegExp, timeoutMs = 10_000): Promise<RegExpExecArray> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const match = pattern.exec(server.output());
    if (match) return match;
    if (Date.now() > deadline) throw new Error(`The server printed nothing matching ${pattern} within ${timeoutMs} ms:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
