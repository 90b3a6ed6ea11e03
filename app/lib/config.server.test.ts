import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "./config.server";

const dataDir = () => mkdtempSync(path.join(tmpdir(), "config-"));

describe("parseConfig", () => {
  it("starts with no settings at all: SQLite in ./data on port 3000", () => {
    const dir = dataDir();
    const config = parseConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({ port: 3000, mode: "production", databaseUrl: undefined, dataDir: dir, s3: undefined });
    expect(config.appUrl).toBe("http://localhost:3000");
  });

  it("generates the session secret once, keeps it private in DATA_DIR and reuses it", () => {
    const dir = dataDir();
    const first = parseConfig({ DATA_DIR: dir }).sessionSecret;
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(parseConfig({ DATA_DIR: dir }).sessionSecret).toBe(first);
    expect(readFileSync(path.join(dir, "session-secret"), "utf8").trim()).toBe(first);
    expect(statSync(path.join(dir, "session-secret")).mode & 0o077).toBe(0);
  });

  it.each([
    [{ PORT: "abc" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ APP_URL: "not a url" }, "APP_URL"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL"],
    [{ SESSION_SECRET: "short" }, "SESSION_SECRET"],
    [{ S3_ENDPOINT: "http://127.0.0.1:9000" }, "S3_BUCKET"],
  ])("rejects %j with a message naming %s", (env, variable) => {
    let error: unknown;
    try {
      parseConfig({ DATA_DIR: dataDir(), ...env });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain(variable);
  });

  it("treats blank values as unset and trims the app URL", () => {
    const config = parseConfig({ DATA_DIR: dataDir(), DATABASE_URL: " ", SMTP_URL: "", APP_URL: "https://example.org/" });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.appUrl).toBe("https://example.org");
  });
});
