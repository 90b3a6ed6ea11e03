/** Why the permanent cover was refused (spec §5, §8): the panel words each one. */
export type CoverProblem = "type" | "tooLarge" | "name" | "script" | "pixels" | "missing" | "storage";
export type CoverAnswer = { ok: true; done: "coverSaved" | "coverRemoved" } | { ok: false; coverProblem?: CoverProblem; refused?: string };
