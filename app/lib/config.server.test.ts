import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig, untrustedProxyWarning } from "./config.server";

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
    [{ TRUST_PROXY: "yes" }, "TRUST_PROXY"],
    [{ TRUST_PROXY: "10.0.0.0/33" }, "TRUST_PROXY"],
    [{ TRUST_PROXY: "127.0.0.1, nginx" }, "TRUST_PROXY"],
    [{ REQUEST_TIMEOUT_SECONDS: "0" }, "REQUEST_TIMEOUT_SECONDS"],
    [{ KEEP_ALIVE_TIMEOUT_SECONDS: "241" }, "KEEP_ALIVE_TIMEOUT_SECONDS"],
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

  it("reads TRUST_PROXY as a hop count or a list of proxies; true is one hop, never every hop", () => {
    const trust = (value?: string) => parseConfig({ DATA_DIR: dataDir(), ...(value === undefined ? {} : { TRUST_PROXY: value }) }).trustProxy;
    expect(trust()).toBe(0);
    expect(trust("false")).toBe(0);
    expect(trust("true")).toBe(1);
    expect(trust("2")).toBe(2);
    expect(trust("loopback, 10.0.0.0/8, 2001:db8::/32, 203.0.113.7")).toEqual(["loopback", "10.0.0.0/8", "2001:db8::/32", "203.0.113.7"]);
  });

  it("gives request bodies 30 seconds to arrive unless REQUEST_TIMEOUT_SECONDS says otherwise", () => {
    expect(parseConfig({ DATA_DIR: dataDir() }).requestTimeoutSeconds).toBe(30);
    expect(parseConfig({ DATA_DIR: dataDir(), REQUEST_TIMEOUT_SECONDS: "5" }).requestTimeoutSeconds).toBe(5);
  });

  it("keeps idle connections 65 seconds, past the deploy kit's nginx, unless KEEP_ALIVE_TIMEOUT_SECONDS says otherwise", () => {
    expect(parseConfig({ DATA_DIR: dataDir() }).keepAliveTimeoutSeconds).toBe(65);
    expect(parseConfig({ DATA_DIR: dataDir(), KEEP_ALIVE_TIMEOUT_SECONDS: "2" }).keepAliveTimeoutSeconds).toBe(2);
  });
});

describe("untrustedProxyWarning", () => {
  const warningFor = (env: Record<string, string>) => untrustedProxyWarning(parseConfig({ DATA_DIR: dataDir(), ...env }));

  it("warns when an https APP_URL (a proxy ends TLS) meets TRUST_PROXY unset", () => {
    expect(warningFor({ APP_URL: "https://diaspora.example" })).toMatch(/TRUST_PROXY is not set.*TRUST_PROXY=1/);
    expect(warningFor({ APP_URL: "https://diaspora.example", TRUST_PROXY: "false" })).not.toBeNull();
  });

  it("is quiet when the proxy is trusted, for a plain http address, and in development", () => {
    expect(warningFor({ APP_URL: "https://diaspora.example", TRUST_PROXY: "1" })).toBeNull();
    expect(warningFor({ APP_URL: "https://diaspora.example", TRUST_PROXY: "loopback" })).toBeNull();
    expect(warningFor({ APP_URL: "http://localhost:3000" })).toBeNull();
    expect(warningFor({ APP_URL: "https://diaspora.example", NODE_ENV: "development" })).toBeNull();
  });
});
