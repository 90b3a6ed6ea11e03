import { createOrPromoteAdmin } from "~/modules/accounts/admins.server";
import type { TestApp } from "./app-server";
import { HttpSession } from "./http-session";

const SYSTEM = { userId: null, sessionId: null, ip: "test", userAgent: null };

/**
 * The Cookie header of a reader signed in on `app`: an open session, whose pages the page cache must
 * never answer nor keep (a made-up or ended session is an anonymous visitor's).
 */
export async function readerSessionCookie(app: TestApp, email = "cookie-reader@example.org"): Promise<string> {
  const password = "correct horse battery";
  await createOrPromoteAdmin(app.services, { email, password }, SYSTEM, new Date());
  await app.services.db.updateTable("user").set({ role: "user" }).where("email", "=", email).execute();
  const reader = new HttpSession(app.url, "10.66.0.1");
  const signedIn = await reader.post("/sign-in", { email, password });
  if (signedIn.status !== 302) throw new Error(`the reader was not signed in: ${signedIn.status}`);
  return reader.cookieHeader();
}
