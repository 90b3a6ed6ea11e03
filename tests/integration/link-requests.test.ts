import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrPromoteAdmin } from "~/modules/accounts/admins.server";
import { requestAccountLink } from "~/modules/accounts/link-requests.server";
import { drainOutbox } from "~/modules/outbox/drain.server";
import { outboxHandlers } from "../../server/outbox-handlers";
import { outboxDrained, startTestApp, type TestApp } from "../support/app-server";
import { dialects, type TestDatabase } from "../support/databases";
import { HttpSession, mailsIn } from "../support/http-session";
import { openSeededTestDatabase } from "../support/seeded-databases";

// The forms that mail a link (forgot password, sign-in link) answer before any mail work starts: the
// request queues the same held outbox row for every address, and the worker only takes it once the
// answer has left. The server's own log shows the order: the answer's access line, then the worker's.

const SYSTEM = { userId: null, sessionId: null, ip: "test", userAgent: null };
const FORMS = [
  { form: "/forgot-password", link: "/reset-password?token=" },
  { form: "/sign-in-link", link: "/sign-in-link/verify?token=" },
];

interface LogLine {
  msg: string;
  req?: { method: string; path: string };
}

describe.each(dialects)("the link forms on %s", (dialect) => {
  const lines: string[] = [];
  let database: TestDatabase;
  let app: TestApp;
  beforeAll(async () => {
    database = await openSeededTestDatabase(dialect);
    app = await startTestApp({ ...database.env, TRUST_PROXY: "true" }, { write: (line) => void lines.push(line) });
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  /**
   * Posts the form for `email` with the worker idle, waits until the worker has done what it queued, and
   * returns the answer (its address and nonce taken out) and the server's log lines from the request on.
   */
  const ask = async (form: string, email: string, ip: string) => {
    await outboxDrained(app);
    const from = lines.length;
    const response = await new HttpSession(app.url, ip).post(form, { email });
    const body = (await response.text()).replaceAll(email, "ADDRESS").replace(/nonce="[^"]+"/g, "");
    await outboxDrained(app);
    return { answer: { status: response.status, body }, log: lines.slice(from).map((line) => JSON.parse(line) as LogLine) };
  };

  it.each(FORMS)("$form answers known and unknown addresses alike, before the worker starts; only the known one gets a link", async ({ form, link }) => {
    const known = `known${form.replaceAll("/", "-")}@example.org`;
    const unknown = `unknown${form.replaceAll("/", "-")}@example.org`;
    await createOrPromoteAdmin(app.services, { email: known, password: "correct horse battery" }, SYSTEM, new Date());
    const mailsTo = (address: string) => mailsIn(app.services.config.dataDir).filter((mail) => mail.includes(`To: ${address}`) && mail.includes(link));

    const asked = { known: await ask(form, known, "10.70.0.1"), unknown: await ask(form, unknown, "10.70.0.2") };
    expect(asked.known.answer.status).toBe(200);
    expect(asked.known.answer).toEqual(asked.unknown.answer);
    for (const { log } of Object.values(asked)) {
      const answered = log.findIndex((line) => line.msg === "request completed" && line.req?.method === "POST" && line.req.path === form);
      expect(answered).toBeGreaterThanOrEqual(0);
      // The worker's work for the request, logged when a drain ends, never comes before the answer.
      expect(log.slice(0, answered).filter((line) => line.msg === "outbox: drained")).toEqual([]);
    }
    expect(mailsTo(known)).toHaveLength(1);
    expect(mailsTo(unknown)).toEqual([]);
  });

  it("holds the request's work until its answer has left: a worker looking before takes nothing, and after it the links are mailed", async () => {
    const email = "held@example.org";
    await createOrPromoteAdmin(app.services, { email, password: "correct horse battery" }, SYSTEM, new Date());
    await outboxDrained(app);
    const left: Array<() => Promise<void>> = [];
    const deps = { db: app.services.db, now: app.services.now, wake: app.services.outbox.wake, afterAnswer: (work: () => Promise<void>) => void left.push(work) };
    const actor = { ...SYSTEM, ip: "10.70.1.1" };
    for (const kind of ["reset", "signInLink"] as const) expect(await requestAccountLink(deps, kind, email, actor)).toEqual({ ok: true });

    // A worker looking now, as a polling or woken one may while the answers are on their way, finds nothing due.
    expect((await drainOutbox(app.services, outboxHandlers(app.services))).claimed).toBe(0);
    expect(await app.services.db.selectFrom("outbox").select("id").where("topic", "=", "accounts.mail").where("done_at", "is", null).execute()).toEqual([]);

    // The answers have left.
    expect(left).toHaveLength(2);
    await Promise.all(left.map((work) => work()));
    await outboxDrained(app);
    const mails = mailsIn(app.services.config.dataDir).filter((mail) => mail.includes(`To: ${email}`));
    expect(mails.filter((mail) => mail.includes("/reset-password?token="))).toHaveLength(1);
    expect(mails.filter((mail) => mail.includes("/sign-in-link/verify?token="))).toHaveLength(1);
  });
});
