/**
 * Why a cover was refused, under the field `cover`: the panel words each one. `rateLimited` and
 * `validation` belong to the temporary cover: its per-user limit and its admin-operation validation.
 */
export type CoverProblem = "type" | "tooLarge" | "name" | "script" | "pixels" | "missing" | "storage" | "rateLimited" | "validation";
export type CoverDone = "coverSaved" | "coverRemoved" | "temporarySaved" | "temporaryRemoved";
/** A post the admin gate refused has no `errors` (see `refusalIn`); a failure of the server has `form: "failed"`. */
export type CoverAnswer = { ok: true; done: CoverDone } | { ok: false; errors?: { cover?: CoverProblem; form?: "failed" } };
