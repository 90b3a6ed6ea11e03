import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import https from "node:https";
import { createServer, connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { PATHS } from "../../server/paths";
import { until } from "./waiting";

/** Debian's nginx, which .ci/run installs like Chromium. */
export const NGINX = "/usr/sbin/nginx";
/** The deploy kit's site file, which the tests run as it is, with their own ports, certificate and cache folder. */
export const NGINX_SITE = path.join(PATHS.root, "deploy", "nginx", "diaspora-policy.conf");

export const nginxInstalled = () => existsSync(NGINX);

/** The site's name in the tests, in place of example.org (as the install step in docs/operations.md puts the owner's domain). */
export const SERVER_NAME = "localhost";

export interface SiteSettings {
  /** The instances' `host:port`, in place of the upstream's `server` lines. */
  upstreams: string[];
  /** In place of the upstream's keepalive_timeout (e.g. "1s"); the file's own when absent. */
  upstreamKeepAlive?: string;
  httpsPort: number;
  httpPort: number;
  certificate: string;
  key: string;
  cacheFolder: string;
}

/**
 * The site file with the test's values put in, each line it replaces found exactly where the file's
 * header says: a change to those lines fails here instead of leaving the file untested.
 */
export function renderSite(site: string, settings: SiteSettings): string {
  let text = site;
  const replace = (pattern: RegExp, replacement: string, expected: number) => {
    const found = text.match(new RegExp(pattern.source, "gm"))?.length ?? 0;
    if (found !== expected) throw new Error(`deploy/nginx/diaspora-policy.conf: expected ${expected} line(s) matching ${pattern}, found ${found}`);
    text = text.replace(new RegExp(pattern.source, "gm"), replacement);
  };
  const upstream = /^upstream diaspora_policy \{\n[^}]*\}/m.exec(text)?.[0];
  if (!upstream || !/^\s+server \S+;$/m.test(upstream)) throw new Error("deploy/nginx/diaspora-policy.conf: no upstream diaspora_policy with a server line");
  // The upstream's own server lines go; the test's instances come in their place.
  const servers = settings.upstreams.map((address) => `    server ${address};`).join("\n");
  text = text.replace(upstream, upstream.replace(/^\s+server \S+;\n/gm, "").replace("{\n", `{\n${servers}\n`));
  if (settings.upstreamKeepAlive) replace(/^(\s+keepalive_timeout) \S+;$/, `$1 ${settings.upstreamKeepAlive};`, 1);
  // The default server's and the site's own listen lines.
  replace(/^\s+listen 443 ssl http2( default_server)?;$/, `    listen 127.0.0.1:${settings.httpsPort} ssl http2$1;`, 2);
  replace(/^\s+listen \[::\]:443 ssl http2( default_server)?;$/, "", 2);
  replace(/^\s+listen 80( default_server)?;$/, `    listen 127.0.0.1:${settings.httpPort}$1;`, 2);
  replace(/^\s+listen \[::\]:80( default_server)?;$/, "", 2);
  // The redirect's and the site's names: the default server's `_` stays.
  replace(/^(\s+server_name) example\.org www\.example\.org;$/, `$1 ${SERVER_NAME} www.${SERVER_NAME};`, 1);
  replace(/^(\s+server_name) example\.org;$/, `$1 ${SERVER_NAME};`, 1);
  replace(/^(\s+ssl_certificate)\s+\S+;$/, `$1 ${settings.certificate};`, 1);
  replace(/^(\s+ssl_certificate_key)\s+\S+;$/, `$1 ${settings.key};`, 1);
  replace(/^proxy_cache_path \S+ /, `proxy_cache_path ${settings.cacheFolder} `, 1);
  return text;
}

export interface RunningNginx {
  /** https://localhost:<port>: what browsers would use. */
  url: string;
  /** The plain-http listener, which only redirects. */
  httpUrl: string;
  httpsPort: number;
  httpPort: number;
  /** The self-signed certificate, for clients to trust. */
  certificate: Buffer;
  errorLog: () => string;
  /** Stops nginx's processes where they stand (SIGSTOP), as a busy machine may for a moment; `resume` lets them go on. */
  pause: () => void;
  resume: () => void;
  close: () => Promise<void>;
}

export interface NginxOptions {
  /** false: the site file's page cache turned off (`proxy_cache off`), so every request reaches an instance. */
  cache?: boolean;
  /** nginx worker processes; one by default, which takes the upstream's servers strictly in turn. */
  workers?: number | "auto";
  /** The upstream's keepalive_timeout in place of the file's (e.g. "1s"). */
  upstreamKeepAlive?: string;
}

/**
 * nginx in the foreground with its own prefix, temporary folders and logs in a fresh folder, serving
 * the deploy kit's site file (rendered for `upstreams`) on free ports of 127.0.0.1 with a self-signed
 * certificate made for the run.
 */
export async function startNginx(upstreams: string[], { cache = true, workers = 1, upstreamKeepAlive }: NginxOptions = {}): Promise<RunningNginx> {
  const folder = mkdtempSync(path.join(tmpdir(), "nginx-"));
  for (const name of ["cache", "client_body", "proxy", "fastcgi", "uwsgi", "scgi"]) mkdirSync(path.join(folder, name));
  const certificate = path.join(folder, "cert.pem");
  const key = path.join(folder, "key.pem");
  execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", certificate, "-days", "2", "-subj", `/CN=${SERVER_NAME}`, "-addext", `subjectAltName=DNS:${SERVER_NAME},DNS:www.${SERVER_NAME},IP:127.0.0.1`], { stdio: "ignore" });
  const [httpsPort, httpPort] = [await freePort(), await freePort()];
  let site = renderSite(readFileSync(NGINX_SITE, "utf8"), { upstreams, upstreamKeepAlive, httpsPort, httpPort, certificate, key, cacheFolder: path.join(folder, "cache") });
  if (!cache) site = site.replace(/^(\s+)proxy_cache diaspora_policy;$/m, "$1proxy_cache off;");
  writeFileSync(path.join(folder, "site.conf"), site);
  const errorLog = path.join(folder, "error.log");
  writeFileSync(
    path.join(folder, "nginx.conf"),
    [
      // As root, the workers would otherwise run as an unprivileged user that cannot write this folder.
      ...(process.getuid?.() === 0 ? ["user root;"] : []),
      `worker_processes ${workers};`,
      `pid ${folder}/nginx.pid;`,
      `error_log ${errorLog} warn;`,
      "events { worker_connections 512; }",
      "http {",
      "  access_log off;",
      ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((name) => `  ${name}_temp_path ${folder}/${name};`),
      `  include ${folder}/site.conf;`,
      "}",
      "",
    ].join("\n"),
  );
  const args = ["-p", folder, "-e", errorLog, "-c", path.join(folder, "nginx.conf")];
  execFileSync(NGINX, [...args, "-t"], { stdio: "pipe" });
  const child = spawn(NGINX, [...args, "-g", "daemon off;"], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  const readLog = () => output + (existsSync(errorLog) ? readFileSync(errorLog, "utf8") : "");
  // Up once its https port accepts connections: nginx prints nothing when it starts.
  await until(async () => {
    if (child.exitCode !== null) throw new Error(`nginx did not start:\n${readLog()}`);
    return accepts(httpsPort);
  }, 50);
  // The master and its workers (and cache processes), read from /proc when asked: workers are restarted after a crash.
  const processes = () => [child.pid!, ...readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number)];
  const signal = (name: NodeJS.Signals) => {
    for (const pid of processes()) process.kill(pid, name);
  };
  return {
    url: `https://${SERVER_NAME}:${httpsPort}`,
    httpUrl: `http://${SERVER_NAME}:${httpPort}`,
    httpsPort,
    httpPort,
    certificate: readFileSync(certificate),
    errorLog: readLog,
    pause: () => signal("SIGSTOP"),
    resume: () => signal("SIGCONT"),
    close: async () => {
      // QUIT: finish what is in flight, then stop.
      child.kill("SIGQUIT");
      await exited;
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/**
 * A `fetch` for https with a certificate of the test's own (Node's fetch cannot be told to trust one):
 * node:https underneath, answered as a Fetch Response. Bodies are buffered; enough for the tests' pages,
 * forms and upload pieces.
 */
export function httpsFetch(certificate: Buffer): typeof fetch {
  const agent = new https.Agent({ ca: certificate, keepAlive: true });
  return (async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(typeof input === "string" || input instanceof URL ? input : input.url);
    const headers: Record<string, string> = { ...(init.headers as Record<string, string> | undefined) };
    let body: Buffer | undefined;
    if (init.body instanceof URLSearchParams) {
      body = Buffer.from(init.body.toString());
      headers["content-type"] ??= "application/x-www-form-urlencoded;charset=UTF-8";
    } else if (typeof init.body === "string" || init.body instanceof Uint8Array) {
      body = Buffer.from(init.body);
    } else if (init.body != null) {
      throw new TypeError("httpsFetch sends strings, bytes and URLSearchParams only");
    }
    if (body) headers["content-length"] = String(body.length);
    const method = init.method ?? "GET";
    return new Promise<Response>((resolve, reject) => {
      const request = https.request(url, { method, headers, agent }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", reject);
        response.on("end", () => {
          const answer = new Headers();
          for (let index = 0; index < response.rawHeaders.length; index += 2) answer.append(response.rawHeaders[index]!, response.rawHeaders[index + 1]!);
          const status = response.statusCode ?? 500;
          const noBody = method === "HEAD" || [204, 205, 304].includes(status);
          resolve(new Response(noBody ? null : Buffer.concat(chunks), { status, headers: answer }));
        });
      });
      request.on("error", reject);
      request.end(body);
    });
  }) as typeof fetch;
}
