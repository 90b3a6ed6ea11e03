import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { z } from "~/lib/zod";
import { ensurePrivateFolder, PRIVATE_FILE_MODE, restrictMode } from "./private-files.server";
import { parseTrustProxy, type TrustProxy } from "./trust-proxy";

/**
 * The one place the environment is read. Every setting is listed here, in
 * `.env.example` and in the configuration table of docs/operations.md.
 */
/** An unset or blank variable counts as absent. */
function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? undefined : value), schema.optional());
}

/** CONTACT_EMAIL when unset: an address nobody reads, which the podcast feed replaces with the owner's. */
export const DEFAULT_CONTACT_EMAIL = "editor@localhost";

const optionalUrl = optional(z.url());

const environmentSchema = z.object({
  NODE_ENV: z.enum(["production", "development", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default("0.0.0.0"),
  APP_URL: optionalUrl,
  DATA_DIR: z.string().trim().min(1).default("./data"),
  DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\/\S+$/, "expected a postgres:// or postgresql:// URL")),
  SESSION_SECRET: optional(z.string().min(32, "expected at least 32 characters")),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().trim().min(3).default("Diaspora Policy <no-reply@localhost>"),
  DKIM_DOMAIN: optional(z.string().trim().regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i, "expected a domain name such as example.org")),
  DKIM_SELECTOR: optional(z.string().trim().regex(/^[a-z0-9._-]+$/i, "expected a selector such as mail2026")),
  DKIM_PRIVATE_KEY_FILE: optional(z.string().trim()),
  CONTACT_EMAIL: z.string().trim().regex(/^[^\s@]+@[^\s@]+$/, "expected an email address").default(DEFAULT_CONTACT_EMAIL),
  NEWSLETTER_BOUNCE_ADDRESS: optional(z.string().trim().regex(/^[^\s@<>]+@[^\s@<>]+$/, "expected an email address")),
  NEWSLETTER_MAILS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
  NEWSLETTER_SMTP_CONNECTIONS: z.coerce.number().int().min(1).max(20).default(2),
  NEWSLETTER_SOFT_BOUNCE_LIMIT: z.coerce.number().int().min(1).max(20).default(3),
  BOUNCE_IMAP_URL: optional(z.string().regex(/^imaps?:\/\/[^\s@]+:[^\s@]+@[^\s/]+(\/\S*)?$/, "expected imap://user:password@host:port or imaps://…")),
  MAILERLITE_API_KEY: optional(z.string().trim()),
  MAILERLITE_BASE_URL: z.url().default("https://connect.mailerlite.com/api"),
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: optional(z.string().trim()),
  S3_ACCESS_KEY_ID: optional(z.string().trim()),
  S3_SECRET_ACCESS_KEY: optional(z.string().trim()),
  S3_REGION: z.string().trim().default("us-east-1"),
  PURCHASE_URL: z.url().default("https://example.com/purchase"),
  SUPPORT_URL: z.url().default("https://example.com/support"),
  TRUST_PROXY: z
    .string()
    .default("false")
    .transform((value, context) => {
      const parsed = parseTrustProxy(value);
      if ("error" in parsed) context.addIssue({ code: "custom", message: parsed.error });
      return "value" in parsed ? parsed.value : 0;
    }),
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  // Above nginx's 60 s for its idle upstream connections (deploy/nginx), at most 240 so that the header
  // timeout above it stays under Node's 300 s for a whole request.
  KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(240).default(65),
  PAGE_CACHE_MB: z.coerce.number().min(0).max(4096).default(32),
  RENDER_THREADS: optional(z.coerce.number().int().min(0).max(16)),
  ADMIN_ENABLED: z
    .enum(["true", "false"])
    .default("true")
    .transform((value) => value === "true"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

/** The names of every setting, as .env.example must list them. */
export const SETTING_NAMES = Object.keys(environmentSchema.shape);

export interface AppConfig {
  mode: "production" | "development" | "test";
  port: number;
  host: string;
  appUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  sessionSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** DKIM signing of every mail: the domain, the selector of its DNS record and the private key (PEM). */
  dkim: { domainName: string; keySelector: string; privateKey: string } | undefined;
  contactEmail: string;
  /**
   * Newsletter issues: the envelope sender that bounces return to (MAIL_FROM's address when unset), the
   * pace and connections of a send through SMTP_URL, the soft bounces after which an address gets no
   * more, and the bounce mailbox read over IMAP (none: only a mail server's refusal at send time counts).
   */
  newsletter: { bounceAddress: string | undefined; mailsPerMinute: number; connections: number; softBounceLimit: number; bounceImapUrl: string | undefined };
  mailerLite: { apiKey: string | undefined; baseUrl: string };
  s3:
    | { endpoint: string; bucket: string; accessKeyId: string; secretAccessKey: string; region: string }
    | undefined;
  purchaseUrl: string;
  supportUrl: string;
  /** The proxies whose X-Forwarded-For hop is believed: a hop count (0: none) or their addresses and ranges. */
  trustProxy: TrustProxy;
  /** How long a request body (outside the upload endpoint) may take to arrive. */
  requestTimeoutSeconds: number;
  /** How long an idle kept-alive connection stays open: longer than the proxy in front keeps its own. */
  keepAliveTimeoutSeconds: number;
  /** The anonymous page cache's size in bytes; 0 turns it off. */
  pageCacheBytes: number;
  /** Threads that render public pages while the server is busy (one fewer than the cores, at most 3, by default); 0: none. */
  renderThreads: number;
  /** false for a read-only public deployment: accounts and every admin control are switched off. */
  adminEnabled: boolean;
  logLevel: string;
}

/**
 * A production site whose APP_URL is http puts http links in every mail, List-Unsubscribe included,
 * and mail programs and webmails distrust those: the start says so (null when all is well).
 */
export function insecureAppUrlWarning(config: Pick<AppConfig, "mode" | "appUrl">): string | null {
  const url = new URL(config.appUrl);
  const local = ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
  if (config.mode !== "production" || url.protocol !== "http:" || local) return null;
  return `APP_URL is ${config.appUrl}: mailed links and List-Unsubscribe will use http. Serve the site over https and set APP_URL to its https address.`;
}

/**
 * The server speaks plain HTTP, so an https APP_URL means a proxy ends TLS in front of it. Without
 * TRUST_PROXY, every request then looks like the proxy's own: forms still work (their origin is derived
 * from APP_URL), but the per-network limits are shared by every visitor and the logs name the proxy.
 */
export function untrustedProxyWarning(config: Pick<AppConfig, "mode" | "appUrl" | "trustProxy">): string | null {
  const trusts = Array.isArray(config.trustProxy) ? config.trustProxy.length > 0 : config.trustProxy > 0;
  if (config.mode !== "production" || new URL(config.appUrl).protocol !== "https:" || trusts) return null;
  return (
    `APP_URL is ${config.appUrl}, so a proxy ends TLS in front of this server, but TRUST_PROXY is not set: ` +
    "every visitor is taken for the proxy, so rate limits are shared by all of them and the logs show the proxy's address. " +
    "Set TRUST_PROXY=1 for one proxy such as nginx on this machine (docs/operations.md: Running behind a proxy)."
  );
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Turns zod's issues into one line per variable: "PORT: expected a number…". */
function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => `  ${issue.path.join(".") || "(environment)"}: ${issue.message}`)
    .join("\n");
}

export function parseConfig(env: Record<string, string | undefined>): AppConfig {
  const result = environmentSchema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(`Invalid configuration:\n${describeIssues(result.error)}`);
  }
  const e = result.data;
  const s3Values = [e.S3_ENDPOINT, e.S3_BUCKET, e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY];
  if (s3Values.some(Boolean) && !s3Values.every(Boolean)) {
    throw new ConfigError(
      "Invalid configuration:\n  S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set all four, or none",
    );
  }
  const dkimValues = [e.DKIM_DOMAIN, e.DKIM_SELECTOR, e.DKIM_PRIVATE_KEY_FILE];
  if (dkimValues.some(Boolean) && !dkimValues.every(Boolean)) {
    throw new ConfigError("Invalid configuration:\n  DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY_FILE: set all three, or none");
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    mode: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    sessionSecret: e.SESSION_SECRET ?? loadOrCreateSessionSecret(dataDir),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    dkim: e.DKIM_DOMAIN ? { domainName: e.DKIM_DOMAIN, keySelector: e.DKIM_SELECTOR!, privateKey: readDkimKey(e.DKIM_PRIVATE_KEY_FILE!) } : undefined,
    contactEmail: e.CONTACT_EMAIL,
    newsletter: {
      bounceAddress: e.NEWSLETTER_BOUNCE_ADDRESS,
      mailsPerMinute: e.NEWSLETTER_MAILS_PER_MINUTE,
      connections: e.NEWSLETTER_SMTP_CONNECTIONS,
      softBounceLimit: e.NEWSLETTER_SOFT_BOUNCE_LIMIT,
      bounceImapUrl: e.BOUNCE_IMAP_URL,
    },
    mailerLite: { apiKey: e.MAILERLITE_API_KEY || undefined, baseUrl: e.MAILERLITE_BASE_URL },
    s3: e.S3_ENDPOINT
      ? {
          endpoint: e.S3_ENDPOINT,
          bucket: e.S3_BUCKET!,
          accessKeyId: e.S3_ACCESS_KEY_ID!,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
          region: e.S3_REGION,
        }
      : undefined,
    purchaseUrl: e.PURCHASE_URL,
    supportUrl: e.SUPPORT_URL,
    trustProxy: e.TRUST_PROXY,
    requestTimeoutSeconds: e.REQUEST_TIMEOUT_SECONDS,
    keepAliveTimeoutSeconds: e.KEEP_ALIVE_TIMEOUT_SECONDS,
    pageCacheBytes: Math.round(e.PAGE_CACHE_MB * 1024 * 1024),
    renderThreads: e.RENDER_THREADS ?? Math.min(availableParallelism() - 1, 3),
    adminEnabled: e.ADMIN_ENABLED,
    logLevel: e.LOG_LEVEL,
  };
}

/** The DKIM private key, read once at start: a missing or unreadable file stops the start with its name. */
function readDkimKey(file: string): string {
  let key: string;
  try {
    key = readFileSync(file, "utf8");
  } catch (error) {
    throw new ConfigError(`Invalid configuration:\n  DKIM_PRIVATE_KEY_FILE: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? "error"})`);
  }
  if (!/-----BEGIN (RSA )?PRIVATE KEY-----/.test(key)) throw new ConfigError(`Invalid configuration:\n  DKIM_PRIVATE_KEY_FILE: ${file} holds no PEM private key`);
  return key;
}

/** The session secret's file in DATA_DIR (never in a backup: a restored site draws its own). */
export const SESSION_SECRET_FILE = "session-secret";

/**
 * A secret generated on first start and kept beside the data (readable by the site's user only), so
 * sessions survive restarts.
 */
function loadOrCreateSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, SESSION_SECRET_FILE);
  ensurePrivateFolder(dataDir);
  if (existsSync(file)) {
    restrictMode(file);
    const stored = readFileSync(file, "utf8").trim();
    if (stored.length >= 32) return stored;
  }
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, `${secret}\n`, { mode: PRIVATE_FILE_MODE });
  restrictMode(file);
  return secret;
}
