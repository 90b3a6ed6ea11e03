import { execFile, execFileSync, spawn } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { freePort } from "./nginx";
import { until } from "./waiting";

// Debian's Postfix as the relay the site sends newsletter issues through, as on a real server: it
// queues, retries a recipient the next server defers (451), gives up after its queue lifetime, and writes
// delivery status notifications (bounces) to the envelope sender. Each instance is private: its own
// configuration, queue and data folders in a fresh temporary folder, its own free port on 127.0.0.1, its
// own log file, so several test files may each run one at once beside a system Postfix (or none).
// It relays every domain to the test's mail exchanger (tests/support/smtp-server.ts) and delivers the
// bounce domain into a Maildir that Dovecot (tests/support/dovecot.ts) serves over IMAP.
//
// Postfix's master runs as root and hands the work to daemons running as `mail_owner` (postfix), so the
// tests must run as root (as CI does). The temporary folder is opened to other users (0755) so those
// daemons and the mailbox's owner can reach what is inside.
//
// Every folder and file made here is given its mode explicitly, not by this process's umask: a test worker
// that has opened the site in-process has umask 077 (openServices' keepNewFilesPrivate, for the whole
// process), and a queue folder made 0700 root under it locks the `postfix` user out of its own queue:
// `start-fg`'s check (postsuper, run as mail_owner) fails with "open directory defer: Permission denied".
// Postfix's own scripts set umask 022 for what they create (the queue's subfolders).

/** Debian's Postfix and the folder of its daemons. */
export const POSTFIX = "/usr/sbin/postfix";
export const POSTFIX_DAEMONS = "/usr/lib/postfix/sbin";

/** The system user that owns the bounce Maildir: Postfix delivers as it, Dovecot reads as it. */
const MAILBOX_OWNER = "mail";

export interface PostfixOptions {
  /** The mail exchanger every domain but the bounce domain is relayed to, on 127.0.0.1. */
  exchanger: { port: number };
  /** The domain delivered into the Maildir; `bounces.test` by default. */
  bounceDomain?: string;
  /** The local part of the one address of that domain; `bounces` by default. */
  bounceUser?: string;
  /** How long a deferred message is retried before Postfix bounces it (maximal_queue_lifetime): "1h" by default. */
  maximalQueueLifetime?: string;
}

export interface RunningPostfix {
  /** smtp://127.0.0.1:<port>, for the site's mailer (no TLS, no authentication: mynetworks is 127.0.0.0/8). */
  smtpUrl: string;
  port: number;
  /** The address whose mail lands in `maildir`, e.g. bounces@bounces.test. */
  bounceAddress: string;
  /** The Maildir the bounce address's mail is delivered into, owned by the `mail` user. */
  maildir: string;
  /** Tries every deferred message now (`postqueue -f`), instead of at its next retry. */
  flush: () => Promise<void>;
  /** Postfix's log so far, to print when a test fails. */
  maillog: () => string;
  stop: () => Promise<void>;
}

const run = promisify(execFile);

/** The uid and gid of a system user, from the system's user database. */
export function systemUser(name: string): { uid: number; gid: number } {
  const [uid, gid] = ["-u", "-g"].map((flag) => Number(execFileSync("id", [flag, name], { encoding: "utf8" }).trim()));
  return { uid: uid!, gid: gid! };
}

function mainCf(folder: string, port: number, options: Required<PostfixOptions>, owner: { uid: number; gid: number }): string {
  const { exchanger, bounceDomain, bounceUser, maximalQueueLifetime } = options;
  return [
    "compatibility_level = 3.6",
    `queue_directory = ${folder}/queue`,
    `data_directory = ${folder}/data`,
    // Names of its own in the log, and in the instance list of any postmulti that looks.
    `multi_instance_name = postfix-test-${port}`,
    `syslog_name = postfix-test-${port}`,
    `maillog_file = ${folder}/maillog`,
    `maillog_file_prefixes = ${folder}`,
    "myhostname = relay.test",
    "mydomain = relay.test",
    "mydestination =",
    "inet_interfaces = 127.0.0.1",
    "inet_protocols = ipv4",
    "mynetworks = 127.0.0.0/8",
    "smtpd_relay_restrictions = permit_mynetworks, reject",
    // Everything leaves for the exchanger, by address: no DNS, no TLS.
    `relayhost = [127.0.0.1]:${exchanger.port}`,
    "disable_dns_lookups = yes",
    "smtp_host_lookup = native",
    "smtp_tls_security_level = none",
    "smtpd_tls_security_level = none",
    // The bounce domain is delivered here, into one Maildir (the trailing slash asks for Maildir).
    `virtual_mailbox_domains = ${bounceDomain}`,
    `virtual_mailbox_base = ${folder}/mailboxes`,
    `virtual_mailbox_maps = inline:{ ${bounceUser}@${bounceDomain}=${bounceDomain}/${bounceUser}/ }`,
    `virtual_uid_maps = static:${owner.uid}`,
    `virtual_gid_maps = static:${owner.gid}`,
    `virtual_minimum_uid = ${owner.uid}`,
    // Retries within seconds, a lifetime the test chooses, no "still trying" warnings.
    "queue_run_delay = 1s",
    "minimal_backoff_time = 1s",
    "maximal_backoff_time = 2s",
    `maximal_queue_lifetime = ${maximalQueueLifetime}`,
    `bounce_queue_lifetime = ${maximalQueueLifetime}`,
    "delay_warning_time = 0",
    // No notices to a postmaster, which would be relayed to the exchanger among the test's mail.
    "notify_classes =",
    "alias_maps =",
    "alias_database =",
    "biff = no",
    "",
  ].join("\n");
}

/**
 * The services Postfix needs for SMTP in, relay out, virtual delivery, bounces, `postqueue -f` and its log
 * file; none in a chroot (the test folder is not one). The queue manager is woken every second, not every
 * 300 s: with retries this quick, its scan of the deferred queue can find a message whose delivery agent
 * has not yet let go of it; it then puts the message back in the incoming queue, which it reads again only
 * when woken (or when new mail arrives).
 */
function masterCf(port: number): string {
  const services = [
    `127.0.0.1:${port} inet n - n - - smtpd`,
    "pickup unix n - n 60 1 pickup",
    "cleanup unix n - n - 0 cleanup",
    "qmgr unix n - n 1 1 qmgr",
    "rewrite unix - - n - - trivial-rewrite",
    "bounce unix - - n - 0 bounce",
    "defer unix - - n - 0 bounce",
    "trace unix - - n - 0 bounce",
    "verify unix - - n - 1 verify",
    "flush unix n - n 1000? 0 flush",
    "proxymap unix - - n - - proxymap",
    "proxywrite unix - - n - 1 proxymap",
    "smtp unix - - n - - smtp",
    "relay unix - - n - - smtp",
    "showq unix n - n - - showq",
    "error unix - - n - - error",
    "retry unix - - n - - error",
    "discard unix - - n - - discard",
    "virtual unix - n n - - virtual",
    "anvil unix - - n - 1 anvil",
    "scache unix - - n - 1 scache",
    "postlog unix-dgram n - n - 1 postlogd",
  ];
  return `${services.join("\n")}\n`;
}

/** Creates a folder readable by all, writable by its owner (0755), whatever the process's umask. */
function makeFolder(folder: string): void {
  mkdirSync(folder);
  chmodSync(folder, 0o755);
}

/** Writes a configuration file readable by all (0644, as in /etc/postfix), whatever the process's umask. */
function writeConfigFile(file: string, text: string): void {
  writeFileSync(file, text);
  chmodSync(file, 0o644);
}

/** Starts a private Postfix in the foreground (`postfix start-fg`); resolves once its SMTP port answers. */
export async function startPostfix(options: PostfixOptions): Promise<RunningPostfix> {
  const settings: Required<PostfixOptions> = { bounceDomain: "bounces.test", bounceUser: "bounces", maximalQueueLifetime: "1h", ...options };
  const folder = mkdtempSync(path.join(tmpdir(), "postfix-"));
  chmodSync(folder, 0o755);
  const config = path.join(folder, "conf");
  // The queue folder as Postfix's postfix-files makes it (root, 0755): its daemons and postsuper, running
  // as mail_owner, enter it to reach the subfolders Postfix creates (incoming, defer, …).
  for (const name of ["conf", "queue", "data"]) makeFolder(path.join(folder, name));
  // Postfix refuses to start unless its data folder belongs to mail_owner.
  const postfixUser = systemUser("postfix");
  chownSync(path.join(folder, "data"), postfixUser.uid, postfixUser.gid);
  const owner = systemUser(MAILBOX_OWNER);
  // The virtual agent (as the mailbox's owner) and Dovecot go through mailboxes/<domain> to the Maildir.
  const domainFolder = path.join(folder, "mailboxes", settings.bounceDomain);
  const maildir = path.join(domainFolder, settings.bounceUser);
  for (const name of [path.dirname(domainFolder), domainFolder, maildir]) makeFolder(name);
  for (const name of ["cur", "new", "tmp"]) makeFolder(path.join(maildir, name));
  for (const name of ["", "cur", "new", "tmp"]) chownSync(path.join(maildir, name), owner.uid, owner.gid);
  const port = await freePort();
  writeConfigFile(path.join(config, "main.cf"), mainCf(folder, port, settings, owner));
  writeConfigFile(path.join(config, "master.cf"), masterCf(port));
  const maillogFile = path.join(folder, "maillog");
  const maillog = () => (existsSync(maillogFile) ? readFileSync(maillogFile, "utf8") : "");

  // `start-fg` checks the configuration and creates the queue's folders with their owners (postfix,
  // postdrop) before the master starts; the master then stays a child of this shell until it ends.
  const child = spawn(POSTFIX, ["-c", config, "start-fg"], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  await until(async () => {
    if (child.exitCode !== null || child.signalCode !== null) {
      rmSync(folder, { recursive: true, force: true });
      throw new Error(`Postfix did not start:\n${output}\n${maillog()}`);
    }
    return accepts(port);
  }, 50);
  const masterPid = Number(readFileSync(path.join(folder, "queue", "pid", "master.pid"), "utf8").trim());
  // The master outlives this process unless told: a test run that ends without `stop` (a failed hook, a
  // crash) must not leave a Postfix behind.
  const stopOnExit = () => signal(masterPid, "SIGTERM");
  process.once("exit", stopOnExit);

  return {
    smtpUrl: `smtp://127.0.0.1:${port}`,
    port,
    bounceAddress: `${settings.bounceUser}@${settings.bounceDomain}`,
    maildir,
    flush: async () => {
      await run("/usr/sbin/postqueue", ["-c", config, "-f"]);
    },
    maillog,
    stop: async () => {
      // TERM to the master (what `postfix stop` sends): it ends its daemons and exits, and the shell with it.
      process.off("exit", stopOnExit);
      const processes = processTree(masterPid);
      signal(masterPid, "SIGTERM");
      await exited;
      await untilEnded(processes);
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** Sends a signal to a process that may have ended already. */
export function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // Ended already.
  }
}

/** Whether something accepts TCP connections on 127.0.0.1:`port`. */
export function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** A process and all its descendants, read from /proc: a server's master and the daemons it started. */
export function processTree(pid: number): number[] {
  const file = `/proc/${pid}/task/${pid}/children`;
  const children = existsSync(file) ? readFileSync(file, "utf8").trim().split(/\s+/).filter(Boolean).map(Number) : [];
  return [pid, ...children.flatMap(processTree)];
}

/** Resolves once none of `pids` is running (ended, or a zombie waiting to be reaped), so their files are let go. */
export async function untilEnded(pids: number[]): Promise<void> {
  const running = (pid: number) => {
    try {
      // The state is the field after the command's name, which is in parentheses and may hold spaces.
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
    } catch {
      return false;
    }
  };
  await until(() => !pids.some(running), 20);
}
