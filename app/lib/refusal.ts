import { data } from "react-router";
import type { FieldErrors } from "./form-input";

/**
 * The one answer a form action gives: `{ ok: true, … }`, or `{ ok: false, errors, values }` with the
 * problems by field (or "form") and the reader's values to show again. A module that refuses work
 * part-way (a file too large, a slug taken) throws a `Refusal`; the route turns it into that answer.
 */
export class Refusal<Problem extends string = string> extends Error {
  override name = "Refusal";
  constructor(
    readonly problem: Problem,
    readonly options: { field?: string; status?: number; retryAfterSeconds?: number } = {},
  ) {
    super(`Refused: ${problem}`);
  }

  get status(): number {
    return this.options.status ?? (this.options.retryAfterSeconds === undefined ? 400 : 429);
  }

  get errors(): FieldErrors {
    return { [this.options.field ?? "form"]: this.problem };
  }
}

export type Refused<Field extends string = string, Problem extends string = string, Values = Record<string, string>> = {
  ok: false;
  errors: FieldErrors<Field, Problem>;
  values?: Values;
};

/** The refused answer with its status (400 unless told), and Retry-After when it was rate-limited. */
export function refused<Field extends string, Problem extends string, Values = undefined, Extra extends object = object>(
  errors: FieldErrors<Field, Problem>,
  options: { values?: Values; status?: number; retryAfterSeconds?: number; extra?: Extra; headers?: Record<string, string> } = {},
) {
  const retryAfter = options.retryAfterSeconds === undefined ? undefined : { "Retry-After": String(options.retryAfterSeconds) };
  const headers = retryAfter || options.headers ? { ...options.headers, ...retryAfter } : undefined;
  const body = { ...options.extra, ok: false as const, errors, values: options.values as Values };
  return data(body, { status: options.status ?? (retryAfter ? 429 : 400), headers });
}

/** Runs a module's work; a `Refusal` it throws becomes the refused answer, anything else passes on. */
export async function answerRefusals<Answer, Values = undefined, Extra extends object = object>(
  work: () => Promise<Answer>,
  options: { values?: Values; extra?: Extra } = {},
) {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    return refused(error.errors, { ...options, status: error.status, retryAfterSeconds: error.options.retryAfterSeconds });
  }
}

/**
 * The answer of an action whose result is one named outcome (the admin access dialog's toasts): `{ ok: true,
 * outcome }` below 400, otherwise the refused answer with the outcome as the form's problem.
 */
export function outcomeAnswer<Outcome extends string>(outcome: Outcome, status: number) {
  return status < 400 ? data({ ok: true as const, outcome }, { status }) : refused({ form: outcome }, { status });
}

/** The outcome named by an answer built with `outcomeAnswer`, whichever way it went. */
export function outcomeOf(answer: { ok: true; outcome: string } | { ok: false; errors: FieldErrors } | undefined): string | undefined {
  if (!answer) return undefined;
  return answer.ok ? answer.outcome : answer.errors.form;
}
