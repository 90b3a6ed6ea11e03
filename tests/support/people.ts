import { beforeAll, expect } from "vitest";
import { createOrPromoteAdmin } from "~/modules/accounts/admins.server";
import type { TestApp } from "./app-server";
import { HttpSession } from "./http-session";

export const PEOPLE_PASSWORD = "correct horse battery";
const SYSTEM = { userId: null, sessionId: null, ip: "test", userAgent: null };

/** The owner (admin) and a reader on a fresh app; helpers to sign them in, and the owner into admin mode. */
export function people(app: TestApp) {
  beforeAll(async () => {
    await createOrPromoteAdmin(app.services, { email: "owner@example.org", password: PEOPLE_PASSWORD }, SYSTEM, new Date());
    await createOrPromoteAdmin(app.services, { email: "reader@example.org", password: PEOPLE_PASSWORD }, SYSTEM, new Date());
    await app.services.db.updateTable("user").set({ role: "user" }).where("email", "=", "reader@example.org").execute();
  });
  async function signIn(email: string, ip: string): Promise<HttpSession> {
    const session = new HttpSession(app.url, ip);
    expect((await session.post("/sign-in", { email, password: PEOPLE_PASSWORD })).status).toBe(302);
    return session;
  }
  async function adminInMode(ip: string): Promise<HttpSession> {
    const owner = await signIn("owner@example.org", ip);
    expect((await owner.post("/admin-access", { intent: "verify" })).status).toBe(200);
    return owner;
  }
  return { signIn, adminInMode };
}
