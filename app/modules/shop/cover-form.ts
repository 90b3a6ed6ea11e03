/**
 * Why a cover was refused: the panel words each one. `rateLimited` and `validation`
 * belong to the temporary cover: its per-user limit and its admin-operation validation.
 */
export type CoverProblem = "type" | "tooLarge" | "name" | "script" | "pixels" | "missing" | "storage" | "rateLimited" | "validation";
export type CoverDone = "coverSaved" | "coverRemoved" | "temporarySaved" | "temporaryRemoved";
export type CoverAnswer = { ok: true; done: CoverDone } | { ok: false; coverProblem?: CoverProblem; refused?: string };
