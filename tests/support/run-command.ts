import { spawn } from "node:child_process";

export interface CommandResult {
  code: number | null;
  /** Standard output and standard error, interleaved as they were printed. */
  output: string;
}

/**
 * Runs a command as its own process to its end, as the owner would type it, and resolves with its exit
 * code and everything it printed (once both streams are closed, so no last line is missed).
 */
export function runCommand(command: string, args: string[], { cwd, env }: { cwd?: string; env: NodeJS.ProcessEnv }): Promise<CommandResult> {
  const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, output }));
  });
}
