import { createOrPromoteAdmin } from "~/modules/accounts/admins.server";
import type { TestApp } from "./app-server";
import { PASSWORD } from "./two-factor";

const SYSTEM = { userId: null, sessionId: null, ip: "test", userAgent: null };

/**
 * A wrong password. A burst holds wrong guesses only, and the right password follows it: under load, a
 * request sent last may still reach the server among the first, where it is rightly checked.
 */
export const wrongGuess = (index: number) => `wrong guess ${index}`;

/** The password of guess `index` of `count`: wrong, except the last one of the burst. */
export const guess = (index: number, count: number) => (index === count - 1 ? PASSWORD : wrongGuess(index));

/** A reader's account with PASSWORD, confirmed (made as the command line makes one, then made a reader); returns its id. */
export async function readerAccount(app: TestApp, email: string): Promise<string> {
  await createOrPromoteAdmin(app.services, { email, password: PASSWORD }, SYSTEM, new Date());
  await app.services.db.updateTable("user").set({ role: "user" }).where("email", "=", email).execute();
  return (await app.services.db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
}
