import { spawn } from "node:child_process";

export interface WrkResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Non-2xx/3xx answers plus socket errors. */
  errors: number;
  /** Answers read in all, and how many of them were 2xx or 3xx. */
  requests: number;
  acknowledged: number;
}

/**
 * Loads `url` with wrk (the Debian package), which can go far past what a Node load client can send
 * on this machine, so the bare-Node ceiling is measured rather than the client's own limit. It runs
 * beside the bench rather than blocking it, so the bench keeps reading the server's log meanwhile, as a
 * log collector does: a log nobody reads fills the server's bounded buffer of pending lines instead.
 */
export function wrk(
  url: string,
  options: { connections: number; seconds: number; headers?: Record<string, string>; script?: string; env?: Record<string, string> },
): Promise<WrkResult> {
  const headerArgs = Object.entries(options.headers ?? {}).flatMap(([name, value]) => ["-H", `${name}: ${value}`]);
  const scriptArgs = options.script ? ["-s", options.script] : [];
  const args = ["-t1", `-c${options.connections}`, `-d${options.seconds}s`, "--latency", ...headerArgs, ...scriptArgs, url];
  return new Promise((resolve, reject) => {
    const run = spawn("wrk", args, { env: { ...process.env, ...options.env } });
    let stdout = "";
    let stderr = "";
    run.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    run.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    run.on("error", (error) => reject(new Error(`wrk failed (is the wrk package installed?): ${error.message}`)));
    run.on("close", (code) => (code === 0 ? resolve(parseWrkOutput(stdout)) : reject(new Error(`wrk failed: ${stderr}`))));
  });
}

export function parseWrkOutput(output: string): WrkResult {
  const percentile = (label: string) => {
    const match = new RegExp(`^\\s*${label}%\\s+([\\d.]+)(us|ms|s)\\s*$`, "m").exec(output);
    if (!match) throw new Error(`wrk printed no ${label}% latency:\n${output}`);
    return Number(match[1]) * { us: 0.001, ms: 1, s: 1000 }[match[2] as "us" | "ms" | "s"];
  };
  const requestsPerSecond = Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? NaN);
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(output)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const socketErrors = socket ? socket.slice(1).reduce((sum, count) => sum + Number(count), 0) : 0;
  const requests = Number(/(\d+) requests in/.exec(output)?.[1] ?? 0);
  return { requestsPerSecond, p50Ms: percentile("50"), p99Ms: percentile("99"), errors: non2xx + socketErrors, requests, acknowledged: requests - non2xx };
}
