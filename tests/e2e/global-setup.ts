import type { TestProject } from "vitest/node";
import { spawnServer } from "../support/server-process";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    /** The server's DATA_DIR: its mail folder holds the mails it sent (no SMTP in tests). */
    dataDir: string;
    /** The one-time owner setup link the server printed at start (its fresh database has no admin). */
    setupLink: string;
  }
}

/** One production server for the browser tests, on a fresh data folder. */
export default async function setup(project: TestProject) {
  const server = spawnServer();
  await server.ready;
  project.provide("baseUrl", server.url.replace("127.0.0.1", "localhost"));
  project.provide("dataDir", server.dataDir);
  project.provide("setupLink", await printedSetupLink(server.output));
  return async () => {
    server.child.kill("SIGTERM");
    await server.exited;
  };
}

/** The link is printed just after the server starts listening; wait a little for it. */
async function printedSetupLink(output: () => string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const match = /https?:\/\/\S+\/setup\?token=\S+/.exec(output());
    if (match) return match[0];
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The server printed no setup link:\n${output()}`);
}
