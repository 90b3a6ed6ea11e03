import { z } from "./zod";
import { cleanLine, cleanText } from "./clean-text";

/**
 * One way to read a form or a query: a zod schema per form, kept beside its domain, and `parseInput`.
 * A schema's messages are problem keys ("emailInvalid", "nameTooLong"), which the page translates; the
 * first problem of each field is the one shown. Problems that belong to no field go under "form".
 */
export type FieldErrors<Field extends string = string, Problem extends string = string> = Partial<Record<Field | "form", Problem>>;

export type Parsed<Value, Field extends string = string, Problem extends string = string> =
  | { ok: true; value: Value }
  | { ok: false; errors: FieldErrors<Field, Problem> };

/** The field names of a form's schema. */
export type FieldOf<Schema extends z.ZodType> = Extract<keyof z.output<Schema>, string>;

/** What a form or query arrives as: a request's form data, a URL's query, or an object already read. */
export type RawInput = FormData | URLSearchParams | Record<string, unknown>;

/** Parses input with `schema`; a field sent several times (checkboxes) arrives as an array. */
export function parseInput<Schema extends z.ZodType>(schema: Schema, input: RawInput): Parsed<z.output<Schema>, FieldOf<Schema>> {
  const result = schema.safeParse(plainObject(input));
  if (result.success) return { ok: true, value: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = typeof issue.path[0] === "string" ? issue.path[0] : "form";
    errors[field] ??= issue.message;
  }
  return { ok: false, errors: errors as FieldErrors<FieldOf<Schema>> };
}

export function plainObject(input: RawInput): Record<string, unknown> {
  if (!(input instanceof FormData) && !(input instanceof URLSearchParams)) return input;
  const object: Record<string, unknown> = {};
  for (const key of new Set(input.keys())) {
    const values = input.getAll(key);
    object[key] = values.length === 1 ? values[0] : values;
  }
  return object;
}

/** One string as sent: anything else (missing, a file, sent twice) reads as "". */
const oneString = (value: unknown) => (typeof value === "string" ? value : "");

/**
 * A text field of several lines (a textarea): line ends read as "\n", tabs kept, other control
 * characters removed (`cleanText`). Anything that is not one string (missing, a file, sent twice) reads as "".
 */
export const textField = () => z.preprocess((value) => cleanText(oneString(value)), z.string());

/** A trimmed text field of several lines. */
export const trimmedField = () => textField().transform((value) => value.trim());

/** A trimmed text field of one line (an input: a title, a name, an address): no control character at all (`cleanLine`). */
export const lineField = () => z.preprocess((value) => cleanLine(oneString(value)).trim(), z.string());

/** A password, read exactly as typed: it is never shown, and cleaning it would change what is checked. */
export const secretField = () => z.preprocess(oneString, z.string());

/** A checkbox: on when sent with any value. */
export const checkboxField = () => z.preprocess((value) => value !== undefined && value !== null && value !== "", z.boolean());

/** A field sent zero, one or many times, read as a list of one-line strings (`cleanLine`, not trimmed). */
export const listField = () =>
  z.preprocess(
    (value) => (Array.isArray(value) ? value : value === undefined ? [] : [value]).filter((item): item is string => typeof item === "string").map(cleanLine),
    z.array(z.string()),
  );

/** For a page that shows one message: the first problem, in the schema's order, that is one of `known`. */
export function firstProblem<Problem extends string>(errors: FieldErrors, known: readonly Problem[]): Problem | undefined {
  return Object.values(errors).find((problem): problem is Problem => (known as readonly (string | undefined)[]).includes(problem));
}
