import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

/** Clock ticks per second, the unit of /proc's CPU times. */
const TICKS_PER_SECOND = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;

/**
 * The CPU time (user and system, in ms) a process has spent since it started, all its threads together:
 * the server's own thread, its render threads, V8's collector and the zlib pool. Linux only: reads /proc.
 */
export function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // After the command's closing parenthesis, utime and stime are the 12th and 13th fields.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}
