import type { TestProject } from "vitest/node";
import { createDatabaseTemplates, dropDatabaseTemplates } from "./database-templates";

/**
 * Vitest global setup of the integration tests: migrates and seeds one SQLite database (and one
 * PostgreSQL database when TEST_DATABASE_URL is set) for the whole run, which each test app copies.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL || undefined;
  const templates = await createDatabaseTemplates(serverUrl);
  project.provide("databaseTemplates", templates);
  return () => dropDatabaseTemplates(templates, serverUrl);
}
