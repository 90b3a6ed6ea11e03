import { refused } from "./refusal";

/** The answer to a form submitted too often: 429, Retry-After, and the reader's values kept for the form. */
export function tooManyAttempts<Values>(values: Values, retryAfterSeconds: number) {
  return refused({ form: "tooMany" }, { values, retryAfterSeconds });
}

/** A route's `headers`: pass on the Retry-After of a refused (rate-limited) submission. */
export function retryAfterHeaders({ actionHeaders }: { actionHeaders: Headers }): HeadersInit {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
}
