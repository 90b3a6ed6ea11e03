import type { TestProject } from "vitest/node";
import { spawnServer } from "../support/server-process";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    /** The server's DATA_DIR: its mail folder holds the mails it sent (no SMTP in tests). */
    dataDir: string;
  }
}

/**
 * One production server for the browser files that need no admin, on a fresh data folder. It never
 * gets one: a file that needs the owner starts a server of its own (useAdminServer, useOwnServer in
 * tests/support/e2e-admin.ts), so no file depends on another having run first.
 */
export default async function setup(project: TestProject) {
  const server = spawnServer();
  await server.ready;
  project.provide("baseUrl", server.url.replace("127.0.0.1", "localhost"));
  project.provide("dataDir", server.dataDir);
  return async () => {
    server.child.kill("SIGTERM");
    await server.exited;
  };
}
