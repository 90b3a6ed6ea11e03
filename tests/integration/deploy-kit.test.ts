import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { VIEW_PARAM } from "~/components/podcast/view-mode";
import { parseConfig, SETTING_NAMES } from "~/lib/config.server";
import { blogQuerySchema } from "~/modules/blog/blog-query-form";
import { PATHS } from "../../server/paths";
import { SHUTDOWN_DEADLINE_MS, SHUTDOWN_SIGNALS } from "../../server/shutdown";

// The files of deploy/ against the code they serve: the systemd units start the compiled server, wait for
// its graceful stop and keep their hardening alike; the backup's units run `npm run backup` nightly under the
// same confinement; the settings files name real settings, and the server's settings file is a valid
// configuration as the service reads it; every file deploy/README.md lists is there; the nginx site keeps
// in step with the site's settings and routes (tests/integration/deploy-kit-nginx.test.ts runs it).

const deployFile = (name: string) => readFileSync(path.join(PATHS.root, "deploy", name), "utf8");

/** A unit's directives, in order, as [key, value] (comments and section headers left out). */
function directives(unit: string): Array<[string, string]> {
  return unit
    .split("\n")
    .filter((line) => /^[A-Za-z]+=/.test(line))
    .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]);
}

const single = directives(deployFile("systemd/diaspora-policy.service"));
const template = directives(deployFile("systemd/diaspora-policy@.service"));
const backup = directives(deployFile("systemd/diaspora-policy-backup.service"));
const backupTimer = directives(deployFile("systemd/diaspora-policy-backup.timer"));
const value = (unit: Array<[string, string]>, key: string) => unit.filter(([name]) => name === key).map(([, text]) => text);

/** The names a settings file sets or shows commented out (`#NAME=`). */
const namesIn = (text: string) => [...text.matchAll(/^#?([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1]!);

describe("the systemd units", () => {
  it("start the compiled server with plain node, the template on the port its instance is named after", () => {
    const compiledServer = path.join("/opt/diaspora-policy", path.relative(PATHS.root, PATHS.compiledServer));
    expect(value(single, "ExecStart")).toEqual([`/usr/bin/node ${compiledServer}`]);
    expect(value(template, "ExecStart")).toEqual([`/usr/bin/env PORT=%i /usr/bin/node ${compiledServer}`]);
    expect(value(single, "WorkingDirectory")).toEqual(["/opt/diaspora-policy"]);
  });

  it("stop with a signal the server drains on, and wait longer than its drain", () => {
    for (const unit of [single, template]) {
      expect(SHUTDOWN_SIGNALS).toContain(value(unit, "KillSignal")[0]);
      expect(Number.parseInt(value(unit, "TimeoutStopSec")[0]!, 10) * 1000).toBeGreaterThan(SHUTDOWN_DEADLINE_MS);
    }
  });

  it("are hardened alike, without MemoryDenyWriteExecute (V8 compiles code at run time)", () => {
    const differing = new Set(["Description", "ExecStart"]);
    expect(template.filter(([key]) => !differing.has(key))).toEqual(single.filter(([key]) => !differing.has(key)));
    expect(Object.fromEntries(single)).toMatchObject({
      User: "diaspora",
      NoNewPrivileges: "true",
      ProtectSystem: "strict",
      ProtectHome: "true",
      PrivateTmp: "true",
      PrivateDevices: "true",
      CapabilityBoundingSet: "",
      RestrictAddressFamilies: "AF_UNIX AF_INET AF_INET6",
      SystemCallFilter: "@system-service @pkey",
      Restart: "on-failure",
      EnvironmentFile: "/etc/diaspora-policy/env",
    });
    expect(value(single, "MemoryDenyWriteExecute")).toEqual([]);
  });
});

describe("the backup's units", () => {
  it("run `npm run backup` in the site's folder as the site's user, with its settings, into a backups/ folder made for it", () => {
    expect(value(backup, "ExecStart")).toEqual(["/usr/bin/npm run backup"]);
    expect(value(backup, "Type")).toEqual(["oneshot"]);
    expect(value(backup, "ExecStartPre")).toEqual(["+/usr/bin/install -d -o diaspora -g diaspora -m 700 /opt/diaspora-policy/backups"]);
    expect(value(backup, "ReadWritePaths")).toEqual([`${value(single, "ReadWritePaths")[0]} /opt/diaspora-policy/backups`]);
  });

  it("are confined as the site's service is", () => {
    // What only a long-running server needs (restarts, open files, its drain) differs; the rest is the same.
    const serverOnly = new Set(["Description", "Type", "ExecStart", "Restart", "RestartSec", "TimeoutStopSec", "LimitNOFILE", "WantedBy", "ReadWritePaths"]);
    const shared = single.filter(([key]) => !serverOnly.has(key));
    expect(backup.filter(([key]) => shared.some(([name]) => name === key))).toEqual(shared);
  });

  it("start every night, and after a night the machine was off", () => {
    expect(value(backupTimer, "OnCalendar")).toEqual(["*-*-* 03:30:00"]);
    expect(value(backupTimer, "Persistent")).toEqual(["true"]);
    expect(value(backupTimer, "WantedBy")).toEqual(["timers.target"]);
  });
});

describe("deploy/README.md", () => {
  it("lists only files that are there", () => {
    const listed = [...deployFile("README.md").matchAll(/^\| `([^`]+)` \|/gm)].map((match) => match[1]!);
    expect(listed).toEqual(expect.arrayContaining(["nginx/diaspora-policy.conf", "systemd/diaspora-policy-backup.service", "systemd/diaspora-policy-backup.timer", "site-command"]));
    expect(listed.filter((file) => !existsSync(path.join(PATHS.root, "deploy", file)))).toEqual([]);
  });
});

describe("the settings files", () => {
  it(".env.example lists every setting the server reads, and deploy/env.example only those", () => {
    const listed = namesIn(readFileSync(path.join(PATHS.root, ".env.example"), "utf8"));
    expect([...listed].sort()).toEqual([...SETTING_NAMES].sort());
    expect(namesIn(deployFile("env.example")).filter((name) => !SETTING_NAMES.includes(name))).toEqual([]);
  });

  it("deploy/env.example, read by the shell as deploy/site-command reads it, is a valid production configuration", () => {
    const file = path.join(PATHS.root, "deploy", "env.example");
    // The data folder the unit may write to; a temporary one here, so the session secret is not written under /var.
    expect(namesIn(deployFile("env.example"))).toContain("DATA_DIR");
    const printed = execFileSync("bash", ["-c", 'set -a; . "$0"; set +a; exec node -e "process.stdout.write(JSON.stringify(process.env))"', file], { env: { PATH: process.env.PATH } });
    const env = JSON.parse(printed.toString()) as Record<string, string>;
    expect(env.DATA_DIR).toBe(value(single, "ReadWritePaths")[0]);
    const config = parseConfig({ ...env, DATA_DIR: mkdtempSync(path.join(tmpdir(), "deploy-env-")) });
    expect(config).toMatchObject({ mode: "production", host: "127.0.0.1", port: 3000, appUrl: "https://example.org", trustProxy: ["loopback"], mailFrom: "Diaspora Policy <no-reply@example.org>" });
  });
});

describe("the nginx site", () => {
  const site = deployFile("nginx/diaspora-policy.conf");
  /** The directives of a block opened by `opening` (the text up to its closing brace at the same depth). */
  const block = (opening: string) => {
    const start = site.indexOf(`${opening} {`);
    expect(start).toBeGreaterThanOrEqual(0);
    let depth = 0;
    for (let index = start + opening.length + 1; ; index++) {
      if (site[index] === "{") depth++;
      if (site[index] === "}" && --depth === 0) return site.slice(start, index).replace(/#.*$/gm, "");
    }
  };
  const seconds = (text: string, directive: string) => [...text.matchAll(new RegExp(`^\\s*${directive} (\\d+)s;`, "gm"))].map((match) => Number(match[1]));

  it("closes idle connections to the site before the site does (its default keep-alive)", () => {
    const upstream = seconds(block("upstream diaspora_policy"), "keepalive_timeout");
    expect(upstream).toHaveLength(1);
    expect(upstream[0]).toBeLessThan(parseConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), "deploy-ka-")) }).keepAliveTimeoutSeconds);
  });

  it("waits long only on the upload and conversion paths: the podcast and shop forms, in every language", () => {
    const conversion = /location ~ "([^"]+)"/.exec(site)![1]!;
    for (const form of ["/podcast", "/podcast.data", "/fr/podcast", "/shop", "/es/shop.data", "/admin/shop", "/pt/admin/shop.data"]) expect(form).toMatch(new RegExp(conversion));
    for (const other of ["/blog", "/podcast/an-episode", "/shop/cover/x.jpg", "/admin/settings"]) expect(other).not.toMatch(new RegExp(conversion));
    // Before the first location: the short waits every other path keeps.
    const everywhere = site.replace(/#.*$/gm, "").split(/^\s*location /m)[0]!;
    expect([seconds(everywhere, "proxy_read_timeout"), seconds(everywhere, "client_body_timeout")]).toEqual([[30], [10]]);
    expect(seconds(block(`location ~ "${conversion}"`), "proxy_read_timeout")).toEqual([180]);
    expect(seconds(block("location /admin/uploads"), "client_body_timeout")).toEqual([120]);
    expect(site.match(/^\s*proxy_request_buffering off;/gm)).toHaveLength(1);
    expect(block("location /admin/uploads")).toContain("proxy_request_buffering off;");
  });

  it("files pages under every query parameter a page that may be stored reads, and React Router's _routes", () => {
    const key = /^\s*proxy_cache_key (\S+);$/m.exec(site)![1]!;
    const keyed = [...key.matchAll(/\$arg_(\w+)/g)].map((match) => match[1]);
    // Read only by pages that are never stored: account notices (signed in), two-factor's method (accounts),
    // the editor's language (admin), signed file links' expiry, and a TOTP address's secret (no request).
    const neverStored = new Set(["done", "verified", "via", "lang", "exp", "secret"]);
    const read = new Set([...Object.keys(blogQuerySchema.shape), VIEW_PARAM, "_routes"]);
    for (const file of sourceFiles(path.join(PATHS.root, "app"))) {
      for (const match of readFileSync(file, "utf8").matchAll(/searchParams\.get\("([^"]+)"\)/g)) if (!neverStored.has(match[1]!)) read.add(match[1]!);
    }
    expect([...read].filter((name) => !keyed.includes(name))).toEqual([]);
  });
});

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !entry.name.includes(".test.") ? [file] : [];
  });
}
