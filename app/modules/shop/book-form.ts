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
export type BookAnswer = { ok: true; done: "saved" | "cleared" } | { ok: false; errors?: BookErrors; refused?: string };

export interface BookFields {
  title: string;
  author: string;
  description: string;
  published: boolean;
}

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

export function parseBookFields(input: { bookTitle?: unknown; authorName?: unknown; bookDescription?: unknown; isPublished?: unknown }): { fields: BookFields; errors: BookErrors } {
  const fields = {
    title: text(input.bookTitle).replace(/\s+/g, " "),
    author: text(input.authorName).replace(/\s+/g, " "),
    description: text(input.bookDescription),
    published: input.isPublished === "on" || input.isPublished === "true",
  };
  const errors: BookErrors = {};
  const check = (field: "bookTitle" | "authorName" | "bookDescription", value: string, max: number, required: boolean) => {
    if (required && !value) errors[field] = "required";
    else if ([...value].length > max) errors[field] = "tooLong";
  };
  check("bookTitle", fields.title, BOOK_LIMITS.title, true);
  check("authorName", fields.author, BOOK_LIMITS.author, true);
  check("bookDescription", fields.description, BOOK_LIMITS.description, false);
  return { fields, errors };
}
