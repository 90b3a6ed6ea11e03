import { spawn } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./nginx";
import { accepts, processTree, signal, systemUser, untilEnded } from "./postfix";
import { until } from "./waiting";

// Debian's Dovecot serving one Maildir over IMAP, as the bounce mailbox the site reads its delivery status
// notifications from (app/adapters/mail/bounce-mailbox.server.ts). A private instance in the foreground
// (`dovecot -F`): its own configuration (none of /etc/dovecot), runtime folder and log in a fresh
// temporary folder, IMAP only, without TLS, on a free port of 127.0.0.1.
//
// Run as root (as CI does): Dovecot's own processes drop to its system users (dovecot, dovenull), and the
// mailbox's are run as the Maildir's owner, read from the folder itself.

export const DOVECOT = "/usr/sbin/dovecot";

export interface DovecotOptions {
  /** The Maildir to serve as the user's INBOX (e.g. RunningPostfix's `maildir`). */
  maildir: string;
  user: string;
  password: string;
}

export interface RunningDovecot {
  host: string;
  port: number;
  user: string;
  password: string;
  /** Dovecot's log so far, to print when a test fails. */
  log: () => string;
  stop: () => Promise<void>;
}

function dovecotConf(folder: string, port: number, maildir: string, owner: { uid: number; gid: number }): string {
  return `
instance_name = dovecot-test-${port}
base_dir = ${folder}/run
state_dir = ${folder}/state
log_path = ${folder}/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
default_internal_user = dovecot
default_internal_group = dovecot
default_login_user = dovenull
# The Maildir's owner may be a system user (Debian's mail is uid 8): allow it.
first_valid_uid = ${owner.uid}
first_valid_gid = ${owner.gid}
mail_location = maildir:${maildir}
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${folder}/users
}
userdb {
  driver = passwd-file
  args = username_format=%u ${folder}/users
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
`;
}

/** Starts a private Dovecot in the foreground; resolves once its IMAP port answers. */
export async function startDovecot({ maildir, user, password }: DovecotOptions): Promise<RunningDovecot> {
  if (/[:\s]/.test(user) || /[:\s]/.test(password)) throw new Error("the user and password go in a passwd-file: no colons or spaces");
  const folder = mkdtempSync(path.join(tmpdir(), "dovecot-"));
  // Its login processes (dovenull) and the mailbox's owner go through this folder.
  chmodSync(folder, 0o755);
  const owner = statSync(maildir);
  const port = await freePort();
  const config = path.join(folder, "dovecot.conf");
  writeFileSync(config, dovecotConf(folder, port, maildir, owner));
  // passwd-file: user:password:uid:gid:gecos:home:shell. The home is the Maildir's folder. Read by
  // Dovecot's auth process, which runs as its internal user.
  const users = path.join(folder, "users");
  writeFileSync(users, `${user}:{PLAIN}${password}:${owner.uid}:${owner.gid}::${path.dirname(maildir)}::\n`, { mode: 0o600 });
  const internal = systemUser("dovecot");
  chownSync(users, internal.uid, internal.gid);
  const logFile = path.join(folder, "dovecot.log");
  let output = "";
  const log = () => output + (existsSync(logFile) ? readFileSync(logFile, "utf8") : "");

  const child = spawn(DOVECOT, ["-F", "-c", config], { stdio: ["ignore", "pipe", "pipe"] });
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  await until(async () => {
    if (child.exitCode !== null || child.signalCode !== null) {
      rmSync(folder, { recursive: true, force: true });
      throw new Error(`Dovecot did not start:\n${output}`);
    }
    return accepts(port);
  }, 50);

  // As for Postfix: a test run that ends without `stop` must not leave a Dovecot behind.
  const stopOnExit = () => signal(child.pid!, "SIGTERM");
  process.once("exit", stopOnExit);
  return {
    host: "127.0.0.1",
    port,
    user,
    password,
    log,
    stop: async () => {
      process.off("exit", stopOnExit);
      const processes = processTree(child.pid!);
      child.kill("SIGTERM");
      await exited;
      await untilEnded(processes);
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
