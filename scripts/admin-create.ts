import { parseArgs } from "node:util";
import { createLogger } from "../server/logger";
import { openServices } from "../server/bootstrap";
import { parseConfig } from "~/lib/config.server";
import { isValidEmail, normalizeEmail } from "~/lib/email";
import { newPasswordField } from "~/modules/accounts/credential-forms";
import { createOrPromoteAdmin, type AdminCreation } from "~/modules/accounts/admins.server";

/**
 * `npm run admin:create -- --email <address> [--password <password>]`: creates a confirmed admin. An
 * unconfirmed sign-up at the address is replaced; a confirmed account becomes the admin only with
 * --password (its old password, sessions and two-factor end). Runs against the configured database
 * (DATA_DIR / DATABASE_URL).
 */
const usage = "Usage: npm run admin:create -- --email <address> [--password <password>] [--name <name>]";
const { values } = parseArgs({ options: { email: { type: "string" }, password: { type: "string" }, name: { type: "string" } }, strict: true });
const email = normalizeEmail(values.email ?? "");
if (!isValidEmail(email)) fail(`A valid --email is required.\n${usage}`);
if (values.password !== undefined && !newPasswordField().safeParse(values.password).success) fail("The password needs 10 to 128 characters.");

const config = parseConfig(process.env);
const services = await openServices(config, createLogger("warn"));
try {
  const actor = { userId: null, sessionId: null, ip: "command line", userAgent: "npm run admin:create" };
  const outcome = await createOrPromoteAdmin(services, { email, password: values.password, name: values.name }, actor, new Date());
  const signIn = `${config.appUrl}/sign-in`;
  const retry = `npm run admin:create -- --email ${email} --password 'a new passphrase'`;
  const setPassword = values.password
    ? `Sign in at ${signIn}, then open ${config.appUrl}/admin.`
    : `Choose a password at ${config.appUrl}/forgot-password (the link is mailed), then sign in at ${signIn}.`;
  const replacedAccess = "Its old password no longer works, it was signed out everywhere and two-factor authentication is off (turn it on again on /account).";
  const messages: Record<AdminCreation, string> = {
    created: `Created the admin account ${email}. ${setPassword}`,
    "replaced-unconfirmed": `Created the admin account ${email}. Someone had signed up with this address but never confirmed it: that sign-up was removed and its password no longer works. ${setPassword}`,
    promoted: `${email} is now an admin, with the password you gave. ${replacedAccess} ${setPassword}`,
    "password-replaced": `${email} was already an admin and now has the password you gave. ${replacedAccess} ${setPassword}`,
    "already-admin": `${email} is already an admin. Nothing changed. To give it a new password, run:\n  ${retry}`,
    "needs-password": `${email} already has an account, so nothing changed. To make it the admin, run the command again with a new password for it:\n  ${retry}\nThe account's current password will stop working and it will be signed out everywhere.`,
  };
  if (outcome === "needs-password") {
    console.error(messages[outcome]);
    process.exitCode = 2;
  } else {
    console.log(messages[outcome]);
  }
} finally {
  services.mailer.close();
  await services.db.destroy();
}

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}
