import { open, readFile } from "node:fs/promises";
import type { AppServices } from "~/adapters/context.server";
import { newObjectKey } from "~/adapters/storage/keys";
import { hasDangerousName } from "~/lib/file-name";
import { Refusal } from "~/lib/refusal";
import { UPLOAD_LIMITS } from "~/lib/upload-limits";
import { recordAudit, type Actor } from "~/modules/audit/audit.server";
import type { BookFields, PdfProblem } from "./book-form";
import { DRAWN_COVER_PREFIX, fileOf } from "./covers";
import { PRIVATE_NO_STORE } from "~/lib/plain-answers";

/**
 * The shop's e-book, kept on the server: one row, the PDF private in object
 * storage (the admin downloads it through a signed link; visitors buy on the external page), and a
 * cover drawn from its first page, shown on the shop page once the book is published. Saving and
 * clearing are audited; objects are written before the row and removed again if the row fails, and
 * replaced objects are removed after the row changed.
 */
type Services = Pick<AppServices, "db" | "storage" | "uploads" | "logger" | "pdfCovers">;

const BOOK_ID = "book";
const BOOK_PREFIX = "book";

export interface Book extends BookFields {
  pdfKey: string;
  pdfSize: number;
  pdfName: string;
  coverKey: string | null;
  updatedAt: string;
}

/** Not a PDF is 415, too large 413, a forbidden name or nothing usable 422. */
const PDF_STATUS: Record<PdfProblem, number> = { type: 415, tooLarge: 413, name: 422, unreadable: 422, tooHeavy: 422, required: 422, missing: 422 };
const pdfRefusal = (problem: PdfProblem) => new Refusal(problem, { field: "pdfFile", status: PDF_STATUS[problem] });

/** The path of the private PDF, signed for the admin's download link. */
export const bookPdfPath = (key: string) => `/files/book/${fileOf(key)}`;
/** The key of the PDF a signed link names. */
export const bookPdfKey = (file: string) => `${BOOK_PREFIX}/${file}`;

export async function readBook(db: Services["db"]): Promise<Book | null> {
  const row = await db.selectFrom("shop_book").selectAll().where("id", "=", BOOK_ID).executeTakeFirst();
  if (!row) return null;
  return {
    title: row.title,
    author: row.author,
    description: row.description,
    published: Number(row.is_published) === 1,
    pdfKey: row.pdf_key,
    pdfSize: Number(row.pdf_size),
    pdfName: row.pdf_name,
    coverKey: row.cover_key,
    updatedAt: row.updated_at,
  };
}

/** A PDF starts with `%PDF-`; anything else is not one, whatever its name says. */
async function startsAsPdf(file: string): Promise<boolean> {
  const handle = await open(file, "r");
  try {
    const head = Buffer.alloc(5);
    await handle.read(head, 0, 5, 0);
    return head.toString("latin1") === "%PDF-";
  } finally {
    await handle.close();
  }
}

interface StoredPdf {
  pdfKey: string;
  pdfSize: number;
  pdfName: string;
  coverKey: string | null;
}

/** Checks a finished upload and stores the PDF and its cover; the staged file goes when refused. */
async function storeUploadedPdf(services: Services, uploadId: string, owner: string): Promise<StoredPdf> {
  const upload = await services.uploads.find(uploadId);
  if (!upload || upload.owner !== owner || !upload.complete) throw pdfRefusal("missing");
  const refuse = async (problem: PdfProblem) => {
    await services.uploads.remove(uploadId);
    return pdfRefusal(problem);
  };
  const pdfName = upload.fileName ?? "book.pdf";
  if (upload.offset > UPLOAD_LIMITS.book) throw await refuse("tooLarge");
  if (hasDangerousName(pdfName)) throw await refuse("name");
  const file = upload.offset === 0 ? null : await services.uploads.fileOf(upload);
  if (file === null || !(await startsAsPdf(file))) throw await refuse("type");
  const drawn = await services.pdfCovers.render(new Uint8Array(await readFile(file)));
  if ("problem" in drawn) throw await refuse(drawn.problem);
  const { cover } = drawn;
  const pdfKey = newObjectKey(BOOK_PREFIX, "pdf");
  const coverKey = newObjectKey(DRAWN_COVER_PREFIX, "webp");
  const stored = await services.storage.putFile(pdfKey, file, { contentType: "application/pdf", cacheControl: PRIVATE_NO_STORE });
  try {
    await services.storage.put(coverKey, cover, { contentType: "image/webp", cacheControl: "public, max-age=3600" });
  } catch (error) {
    await services.storage.delete(pdfKey).catch(() => undefined);
    throw error;
  }
  return { pdfKey, pdfSize: stored.size, pdfName, coverKey };
}

const objectsOf = (book: Pick<Book, "pdfKey" | "coverKey">) => [book.pdfKey, book.coverKey].filter((key): key is string => key !== null);

async function removeObjects(services: Services, keys: string[]): Promise<void> {
  for (const key of keys) await services.storage.delete(key).catch((error: unknown) => services.logger.warn({ err: error, key }, "could not remove a book object"));
}

/**
 * Sets or replaces the book. With an upload, its PDF replaces the stored one; without, only the text
 * and the published switch change, and a PDF is required when there is no book yet ('Please upload a
 * PDF file.').
 */
export async function saveBook(services: Services, actor: Actor, fields: BookFields, uploadId: string | null, now: Date): Promise<void> {
  const before = await readBook(services.db);
  if (!uploadId && !before) throw pdfRefusal("required");
  const pdf = uploadId ? await storeUploadedPdf(services, uploadId, actor.userId ?? "") : null;
  const stamp = now.toISOString();
  const values = { title: fields.title, author: fields.author, description: fields.description, is_published: fields.published ? 1 : 0, updated_at: stamp };
  const files = pdf ? { pdf_key: pdf.pdfKey, pdf_size: pdf.pdfSize, pdf_name: pdf.pdfName, cover_key: pdf.coverKey } : {};
  try {
    await services.db.transaction().execute(async (trx) => {
      if (before) await trx.updateTable("shop_book").set({ ...values, ...files }).where("id", "=", BOOK_ID).execute();
      else await trx.insertInto("shop_book").values({ id: BOOK_ID, ...values, ...(files as Required<typeof files>) }).execute();
      const details = { title: fields.title, published: fields.published, newPdf: pdf?.pdfName ?? null };
      await recordAudit(trx, actor, { action: "shop.book_saved", resource: "book", details }, now);
    });
  } catch (error) {
    if (pdf) await removeObjects(services, objectsOf(pdf));
    throw error;
  }
  if (pdf && uploadId) {
    await services.uploads.remove(uploadId);
    if (before) await removeObjects(services, objectsOf(before));
  }
}

/** Removes the book, its PDF and its cover. False when there was none. */
export async function clearBook(services: Services, actor: Actor, now: Date): Promise<boolean> {
  const before = await readBook(services.db);
  if (!before) return false;
  await services.db.transaction().execute(async (trx) => {
    await trx.deleteFrom("shop_book").where("id", "=", BOOK_ID).execute();
    await recordAudit(trx, actor, { action: "shop.book_cleared", resource: "book", details: { title: before.title } }, now);
  });
  await removeObjects(services, objectsOf(before));
  return true;
}
