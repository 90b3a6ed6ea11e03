import type { AppServices } from "~/adapters/context.server";
import { serveObject } from "~/adapters/storage/serve-object.server";
import { notFound, NO_STORE, PRIVATE_NO_STORE } from "~/lib/plain-answers";
import { bookPdfKey, readBook } from "./book.server";
import { drawnCoverKey, uploadedCoverKey } from "./covers";
import { isStoredCover } from "./covers.server";
import { readVideo, videoKey } from "./video.server";

/**
 * The shop's files as answers to their routes. Public: the cover drawn from the PDF and the trailer,
 * only the current ones. Private, behind a signed link that the route's policy checks: the PDF and
 * the uploaded covers.
 */
type Services = Pick<AppServices, "db" | "storage">;

/** A private file's "not there" is never cached. */
const UNCACHED = { "Cache-Control": NO_STORE };

/**
 * A public file: visitors get it once it is published; before that only the admin in admin mode, who
 * previews it (`inAdminMode`, asked only then). Drafts are never cached.
 */
async function servePublished(services: Services, request: Request, file: { key: string; published: boolean } | null, cacheControl: string, inAdminMode: () => Promise<boolean>) {
  if (!file || !(file.published || (await inAdminMode()))) return notFound();
  return serveObject(services.storage, file.key, request, { cacheControl: file.published ? cacheControl : PRIVATE_NO_STORE });
}

/** GET /shop/cover/<file>: the cover drawn from the PDF's first page. */
export async function serveDrawnCover(services: Services, request: Request, file: string, inAdminMode: () => Promise<boolean>) {
  const book = await readBook(services.db);
  const current = book?.coverKey && book.coverKey === drawnCoverKey(file) ? { key: book.coverKey, published: book.published } : null;
  return servePublished(services, request, current, "public, max-age=3600", inAdminMode);
}

/** GET /shop/video/<file>: the trailer, with Range (206) for seeking; keys are never reused. */
export async function serveTrailer(services: Services, request: Request, file: string, inAdminMode: () => Promise<boolean>) {
  const video = await readVideo(services.db);
  const current = video?.key === videoKey(file) ? video : null;
  return servePublished(services, request, current, "public, max-age=31536000, immutable", inAdminMode);
}

/** GET /files/book/<file>: the private PDF, as a download. */
export async function serveBookPdf(services: Services, request: Request, file: string) {
  const book = await readBook(services.db);
  if (!book || book.pdfKey !== bookPdfKey(file)) return notFound(UNCACHED);
  return serveObject(services.storage, book.pdfKey, request, { disposition: "attachment", filename: book.pdfName, cacheControl: PRIVATE_NO_STORE });
}

/** GET /files/book-covers/<file>: the permanent or the temporary cover. */
export async function serveUploadedCover(services: Services, request: Request, file: string) {
  const key = uploadedCoverKey(file);
  if (!(await isStoredCover(services, key))) return notFound(UNCACHED);
  return serveObject(services.storage, key, request, { cacheControl: "private, max-age=3600" });
}
