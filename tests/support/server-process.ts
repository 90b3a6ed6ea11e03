import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PATHS } from "../../server/paths";
import { WAIT_GUARD_MS } from "./waiting";

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
    // Ready once it says it listens. A hang guard, not a measure of how fast it starts: a server that has
    // said nothing by then is stuck, and its output says where.
    ready: new Promise<void>((resolve, reject) => {
      const hung = setTimeout(() => reject(new Error(`server said nothing of listening in ${WAIT_GUARD_MS / 60_000} minutes:\n${output}`)), WAIT_GUARD_MS);
      hung.unref();
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        // "running at <APP_URL> (listening on <address>)" when APP_URL is set, else "running at <address>".
        const match = /listening on (http:\/\/[^\s)]+)\)/.exec(output) ?? /running at (http:\/\/\S+)\n/.exec(output);
        if (match && !result.url) {
          result.url = match[1]!.replace("localhost", "127.0.0.1");
          clearTimeout(hung);
          resolve();
        }
      };
      child.stdout!.on("data", onData);
      child.stderr!.on("data", onData);
      exited.then((code) => {
        clearTimeout(hung);
        reject(new Error(`server exited (${code}) before it was ready:\n${output}`));
      });
    }),
  };
  // A server that ends by itself once it served (no test sent it a signal) takes its reason with it:
  // its output is only read by the tests that ask, so it is printed here for the run's log.
  void exited.then((code) => {
    if (result.url && !child.killed) console.error(`The server at ${result.url} exited (${code}) by itself. Its last output:\n${output.slice(-8000)}`);
  });
  return result;
}

/**
 * Resolves with the first match of `pattern` in what the process has printed, once it has printed it; rejects
 * if the process ends first. No deadline of its own: the test's hang guard ends a wait that never ends.
 */
export function printed(server: ServerProcess, pattern: RegExp): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    const streams = [server.child.stdout!, server.child.stderr!];
    const check = () => {
      const match = pattern.exec(server.output());
      if (!match) return false;
      done();
      resolve(match);
      return true;
    };
    const ended = () => {
      // Its last words may still be on the way to `output`.
      if (!check()) {
        done();
        reject(new Error(`The server ended without printing anything matching ${pattern}:\n${server.output()}`));
      }
    };
    const done = () => {
      for (const stream of streams) stream.off("data", onData);
      server.child.off("close", ended);
    };
    // Listeners added after spawnServer's own: its `output` already holds the chunk when these run.
    const onData = () => void check();
    if (check()) return;
    for (const stream of streams) stream.on("data", onData);
    server.child.on("close", ended);
  });
}
