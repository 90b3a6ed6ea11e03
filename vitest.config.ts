import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = { "~": path.resolve(import.meta.dirname, "app"), "@content": path.resolve(import.meta.dirname, "content") };

export default defineConfig({
  resolve: { alias },
  test: {
    reporters: ["default", "./tests/support/summary-reporter.ts"],
    projects: [
      {
        resolve: { alias },
        // Vitest's default on a 2-core machine is one worker; most files wait on servers and databases, so two run at once.
        test: { name: "unit", include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts"], environment: "node", maxWorkers: 2 },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          maxWorkers: 2,
          // One migrated and seeded database per run, copied by each test app instead of migrating at its start.
          globalSetup: ["tests/support/database-templates.setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/e2e/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // One browser, one server: files run one after another so timings stay honest on 2 cores.
          fileParallelism: false,
        },
      },
    ],
  },
});
