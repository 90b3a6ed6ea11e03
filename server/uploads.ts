import type { IncomingMessage } from "node:http";
import type { Server as TusServer } from "@tus/server";
import type { Request as ExpressRequest, RequestHandler } from "express";
import type { AppServices } from "~/adapters/context.server";
import { isUploadId } from "~/adapters/uploads/staged-uploads.server";
import { safeFileName } from "~/lib/file-name";
import { isUploadPurpose, UPLOAD_LIMITS, type UploadPurpose } from "~/lib/upload-limits";
import { requireAdminMode } from "~/modules/accounts/admin-mode.server";
import type { Actor } from "~/modules/audit/audit.server";
import { NO_STORE } from "~/lib/plain-answers";

/** Where the browser sends resumable uploads: POST creates one, PATCH adds bytes, HEAD asks how far it got. */
export const UPLOADS_PATH = "/admin/uploads";
export const UPLOAD_ROUTES = [UPLOADS_PATH, `${UPLOADS_PATH}/:id`];
const METHODS = new Set(["POST", "HEAD", "PATCH", "DELETE"]);

/**
 * The tus endpoint (docs/decisions/032-resumable-uploads-with-tus.md). Every request is an admin
 * action: admin mode is checked here, before tus reads a byte, and a refusal is a security event as
 * for any admin route. An upload belongs to the account that started it: another account's upload id
 * answers 404. Staged files are only read back by the server (no GET), and the name the browser gives
 * is reduced to the safe alphabet of `app/lib/file-name.ts` and kept for messages only; the stored object gets a random key.
 */
export function uploadEndpoint(services: AppServices): RequestHandler {
  const owners = new WeakMap<IncomingMessage, string>();
  // @tus/server and its store load with the first upload request: a reader-facing process never makes one.
  let tus: Promise<TusServer> | undefined;
  const loadTus = () => (tus ??= tusServer(services, owners));

  return async (req, res, next) => {
    try {
      if (!METHODS.has(req.method)) {
        res.status(405).set("Allow", [...METHODS].join(", ")).type("text/plain").send("Method Not Allowed");
        return;
      }
      const id = typeof req.params.id === "string" ? req.params.id : null;
      const actor: Actor = { userId: null, ip: req.ip ?? null, userAgent: req.get("user-agent") ?? null };
      const gate = await requireAdminMode(services, headersOnly(req), actor, "podcast_upload");
      if (!gate.ok) {
        res.status(gate.status).set("Cache-Control", NO_STORE).type("text/plain").send(gate.reason);
        return;
      }
      const userId = gate.actor.userId!;
      if (id !== null) {
        const upload = isUploadId(id) ? await services.uploads.find(id) : null;
        if (!upload || upload.owner !== userId) {
          res.status(404).set("Tus-Resumable", "1.0.0").type("text/plain").send("Not Found");
          return;
        }
      }
      owners.set(req, userId);
      await (await loadTus()).handle(req, res);
    } catch (error) {
      next(error);
    }
  };
}

/** The tus protocol handler, writing to the staged-uploads store; `owners` says which account sent each request. */
async function tusServer(services: AppServices, owners: WeakMap<IncomingMessage, string>): Promise<TusServer> {
  const [{ Server }, datastore] = await Promise.all([import("@tus/server"), services.uploads.store()]);
  return new Server({
    path: UPLOADS_PATH,
    datastore,
    // Each kind of file has its own limit (an e-book 10 MB, audio 500 MB): a larger announced size is 413.
    // (tus names the upload before asking, so a creation is told by its method, not by a missing id.)
    maxSize: async (req, uploadId) => UPLOAD_LIMITS[req.method === "POST" || !uploadId ? purposeInHeader(req.headers.get("upload-metadata")) : await purposeOfUpload(services, uploadId)],
    relativeLocation: true,
    // Same origin only: no CORS header is ever sent.
    allowedOrigins: () => false,
    disableTerminationForFinishedUploads: false,
    onUploadCreate: async (req, upload) => {
      const node = (req as { runtime?: { node?: { req: IncomingMessage } } }).runtime?.node?.req;
      const owner = node ? owners.get(node) : undefined;
      if (!owner) throw { status_code: 403, body: "Forbidden\n" };
      const fileName = safeFileName(upload.metadata?.filename ?? "") || "upload";
      const purpose = upload.metadata?.purpose;
      return { metadata: { filename: fileName, owner, purpose: isUploadPurpose(purpose) ? purpose : "audio" } };
    },
    onResponseError: (_req, error) => {
      if ("status_code" in error) return undefined;
      services.logger.error({ err: error }, "upload failed");
      return { status_code: 500, body: "Upload failed\n" };
    },
  });
}

/** The request's headers as a Fetch Request, enough for the session cookie check. */
function headersOnly(req: ExpressRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.set(name, value);
    else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
  }
  return new Request(`http://localhost${req.originalUrl}`, { headers });
}

/** The purpose the browser named in Upload-Metadata; audio when none. */
function purposeInHeader(header: string | null): UploadPurpose {
  const named = readMetadata(header ?? "").purpose;
  return isUploadPurpose(named) ? named : "audio";
}

async function purposeOfUpload(services: AppServices, id: string): Promise<UploadPurpose> {
  return (await services.uploads.find(id))?.purpose ?? "audio";
}

/** tus Upload-Metadata: comma-separated `key base64value` pairs. */
function readMetadata(header: string): Record<string, string> {
  const pairs = header.split(",").map((pair) => pair.trim().split(" "));
  return Object.fromEntries(pairs.map(([key = "", value = ""]) => [key, Buffer.from(value, "base64").toString("utf8")]));
}
