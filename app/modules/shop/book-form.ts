import { z } from "~/lib/zod";
import { lineField, trimmedField } from "~/lib/form-input";

/**
 * The book upload form: bookTitle and authorName required, bookDescription optional,
 * isPublished (default false), exactly one PDF. The same rules run in the browser and on the server.
 * The lengths are the project's own.
 */
export const BOOK_LIMITS = { title: 200, author: 200, description: 4000 } as const;

export type BookField = "bookTitle" | "authorName" | "bookDescription" | "pdfFile";
/**
 * Why the PDF was refused: none given, not a PDF, over 10 MB, a forbidden name, unreadable, or a first
 * page too heavy to draw (an image over the pixel limit, or a drawing over its time or memory).
 */
export type PdfProblem = "required" | "type" | "tooLarge" | "name" | "unreadable" | "tooHeavy" | "missing";
export type BookErrors = Partial<Record<Exclude<BookField, "pdfFile">, "required" | "tooLong">> & { pdfFile?: PdfProblem };
/** A post the admin gate refused has no `errors` (see `refusalIn`); a failure of the server has `form: "failed"`. */
export type BookAnswer = { ok: true; done: "saved" | "cleared" } | { ok: false; errors?: BookErrors & { form?: "failed" } };

export interface BookFields {
  title: string;
  author: string;
  description: string;
  published: boolean;
}

/** Length in characters, as a reader counts them, not in UTF-16 units. */
const atMost = (max: number) => (value: string) => [...value].length <= max;
/** A one-line text: no control character, trimmed, runs of spaces made one. */
const oneLine = () => lineField().transform((value) => value.replace(/\s+/g, " "));

/** The book's text fields and its published switch, by the form's names. */
export const bookFieldsSchema = z.object({
  bookTitle: oneLine().pipe(z.string().min(1, "required").refine(atMost(BOOK_LIMITS.title), "tooLong")),
  authorName: oneLine().pipe(z.string().min(1, "required").refine(atMost(BOOK_LIMITS.author), "tooLong")),
  bookDescription: trimmedField().refine(atMost(BOOK_LIMITS.description), "tooLong"),
  isPublished: z.preprocess((value) => value === "on" || value === "true", z.boolean()),
});

/** The fields as the book keeps them. */
export const bookFieldsOf = (input: z.output<typeof bookFieldsSchema>): BookFields => ({
  title: input.bookTitle,
  author: input.authorName,
  description: input.bookDescription,
  published: input.isPublished,
});
