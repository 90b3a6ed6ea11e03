import { z } from "~/lib/zod";
import { textField } from "./form-input";

/** One page of a longer list, with what a page navigation needs. */
export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  pageCount: number;
}

/**
 * Reads a `page` query value: absent or empty is page 1; anything but a whole number from 1 to
 * 100 000 is null (bad input, for the route to answer 400).
 */
export function parsePage(value: string | null | undefined): number | null {
  if (value === null || value === undefined || value === "") return 1;
  if (!/^\d{1,6}$/.test(value)) return null;
  const page = Number(value);
  return page >= 1 && page <= 100_000 ? page : null;
}

/** A `page` query field for a schema: read as parsePage reads it, "invalidPage" when it is not a page. */
export const pageField = () => textField().transform(parsePage).pipe(z.number("invalidPage"));

/** The page to show (a page past the end shows the last one) and the rows to skip for it. */
export function pageWindow(total: number, requested: number, size: number): { page: number; pageCount: number; offset: number } {
  const pageCount = Math.max(1, Math.ceil(total / size));
  const page = Math.min(Math.max(1, requested), pageCount);
  return { page, pageCount, offset: (page - 1) * size };
}
