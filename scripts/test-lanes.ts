import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { summaryLines, type FileResult } from "../tests/support/summary-reporter";

/**
 * The browser files run one at a time (one browser, one server each), while the other files run two at
 * a time; in one Vitest run the browser files would wait for all the others to end, leaving a core idle
 * for minutes. So each lane is a Vitest run of its own, side by side. The first lane prints as it goes;
 * the others' output is kept and printed when they end, then one summary of every file, whose last line
 * is the plain count CI reads.
 */
export async function runSideBySide(lanes: string[][], env: NodeJS.ProcessEnv, vitestArgs: string[]): Promise<number> {
  const folder = mkdtempSync(path.join(os.tmpdir(), "test-lanes-"));
  try {
    const runs = lanes.map((lane, index) => runLane(lane, index === 0, { ...env, TEST_RESULTS_FILE: path.join(folder, `lane-${index}.json`) }, vitestArgs));
    const statuses = [];
    for (const run of runs) {
      const { status, output } = await run;
      if (output) process.stdout.write(output);
      statuses.push(status);
    }
    const results = lanes.map((_, index) => readResults(path.join(folder, `lane-${index}.json`)));
    const files = results.flatMap((result) => result ?? []);
    console.log(summaryLines(files).join("\n"));
    if (results.some((result) => result === null)) console.error("A test run ended before it reported its results.");
    const failed = statuses.some((status) => status !== 0) || results.some((result) => result === null) || files.length === 0;
    return failed ? 1 : 0;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** `npx vitest run` of the given projects, with the arguments `npm test` was given (a file name, `-t "pattern"`). */
export const vitestArguments = (projects: string[], vitestArgs: string[]) => ["vitest", "run", ...projects.flatMap((name) => ["--project", name]), ...vitestArgs];

function runLane(lane: string[], live: boolean, env: NodeJS.ProcessEnv, vitestArgs: string[]): Promise<{ status: number; output: string }> {
  // A file filter names files of one lane only: the other lane finds none, which is not a failure (no file at all is).
  const args = [...vitestArguments(lane, vitestArgs), ...(vitestArgs.length ? ["--passWithNoTests"] : [])];
  return new Promise((resolve) => {
    const child = spawn("npx", args, { stdio: live ? "inherit" : ["ignore", "pipe", "pipe"], env });
    const chunks: Buffer[] = [];
    child.stdout?.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.stderr?.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.on("close", (code) => resolve({ status: code ?? 1, output: Buffer.concat(chunks).toString() }));
  });
}

function readResults(file: string): FileResult[] | null {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as FileResult[];
  } catch {
    return null;
  }
}
