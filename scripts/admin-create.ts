import { parseArgs } from "node:util";
import { createLogger } from "../server/logger";
import { openServices } from "../server/bootstrap";
import { parseConfig } from "~/lib/config.server";
import { isValidEmail, normalizeEmail } from "~/lib/email";
import { checkNewPassword } from "~/modules/accounts/credentials";
import { createOrPromoteAdmin } from "~/modules/accounts/admins.server";

/**
 * `npm run admin:create -- --email <address> [--password <password>]`: creates a verified admin, or
 * promotes an existing account. Runs against the configured database (DATA_DIR / DATABASE_URL).
 */
const usage = "Usage: npm run admin:create -- --email <address> [--password <password>] [--name <name>]";
const { values } = parseArgs({ options: { email: { type: "string" }, password: { type: "string" }, name: { type: "string" } }, strict: true });
const email = normalizeEmail(values.email ?? "");
if (!isValidEmail(email)) fail(`A valid --email is required.\n${usage}`);
const passwordProblem = values.password === undefined ? null : checkNewPassword(values.password);
if (passwordProblem) fail("The password needs 10 to 128 characters.");

const config = parseConfig(process.env);
const services = await openServices(config, createLogger("warn"));
try {
  const actor = { userId: null, sessionId: null, ip: "command line", userAgent: "npm run admin:create" };
  const outcome = await createOrPromoteAdmin(services, { email, password: values.password, name: values.name }, actor, new Date());
  const signIn = `${config.appUrl}/sign-in`;
  const messages = {
    created: values.password
      ? `Created the admin account ${email}. Sign in at ${signIn}, then open ${config.appUrl}/admin.`
      : `Created the admin account ${email} without a password. Choose one at ${config.appUrl}/forgot-password (the link is mailed), then sign in at ${signIn}.`,
    promoted: `${email} is now an admin and its address counts as confirmed. Sign in at ${signIn}, then open ${config.appUrl}/admin.`,
    "already-admin": `${email} is already an admin. Nothing changed.`,
  };
  console.log(messages[outcome]);
} finally {
  services.mailer.close();
  await services.db.destroy();
}

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}
