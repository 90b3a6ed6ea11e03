import { createReadStream } from "node:fs";
import path from "node:path";
import { Upload } from "tus-js-client";
import { parseConfig } from "~/lib/config.server";
import { createOrPromoteAdmin } from "~/modules/accounts/admins.server";
import { openServices } from "../server/bootstrap";
import { createLogger } from "../server/logger";
import { HttpSession } from "../tests/support/http-session";

/** The admin the upload benchmarks sign in as, and the address they come from. */
const EMAIL = "bench@example.org";
const PASSWORD = "bench passphrase 2026";
export const ADMIN_IP = "10.99.0.1";
export const TUS_CHUNK_BYTES = 8 * 1024 * 1024;

/** A fresh database (seeded as on first start) with an admin, made before the server starts. */
export async function prepareAdmin(dataDir: string): Promise<void> {
  const services = await openServices(parseConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent" }), createLogger("silent"));
  try {
    await createOrPromoteAdmin(services, { email: EMAIL, password: PASSWORD }, { userId: null, ip: "bench", userAgent: null }, new Date());
  } finally {
    services.mailer.close();
    services.storage.close();
    services.uploads.close();
    await services.db.destroy();
  }
}

/** The admin, signed in with admin access verified. */
export async function signInAdmin(serverUrl: string): Promise<HttpSession> {
  const admin = new HttpSession(serverUrl, ADMIN_IP);
  await admin.post("/sign-in", { email: EMAIL, password: PASSWORD });
  if ((await admin.post("/admin-access", { intent: "verify" })).status !== 200) throw new Error("could not verify admin access");
  return admin;
}

/** Sends `file` over tus 1.0.0 as the admin and resolves with the upload's id (the last segment of its URL). */
export function tusUpload(serverUrl: string, admin: HttpSession, file: string, metadata: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const upload = new Upload(createReadStream(file), {
      endpoint: `${serverUrl}/admin/uploads`,
      chunkSize: TUS_CHUNK_BYTES,
      metadata: { filename: path.basename(file), ...metadata },
      headers: { cookie: admin.cookieHeader(), origin: serverUrl, "x-forwarded-for": ADMIN_IP },
      // A retried chunk would hide a failure and skew the time.
      retryDelays: [],
      onError: reject,
      onSuccess: () => resolve(new URL(upload.url!).pathname.split("/").pop()!),
    });
    upload.start();
  });
}
