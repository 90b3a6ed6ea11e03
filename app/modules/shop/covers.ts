import { MAX_GENERAL_UPLOAD_BYTES, MAX_SECURE_COVER_BYTES } from "~/lib/upload-limits";

/**
 * The book's covers and where they are seen. The admin uploads three kinds into the private
 * book-covers area, each shown through a signed link `/files/book-covers/<file>`: the permanent one
 * (the cover panel), the same one from the dashboard's secure form (smaller), and a temporary one
 * shown in its place until removed. Without them, the shop shows the cover drawn from the PDF's first
 * page, public once the book is published, at `/shop/cover/<file>`. The cover panels' answers end this file.
 */
export interface CoverKind {
  /** The start of the stored file's name. */
  prefix: "admin-book-cover" | "temporary-cover";
  maxBytes: number;
  /** The audit action of an upload. */
  action: string;
}

export const PERMANENT_COVER: CoverKind = { prefix: "admin-book-cover", maxBytes: MAX_GENERAL_UPLOAD_BYTES, action: "shop.cover_uploaded" };
export const SECURE_COVER: CoverKind = { ...PERMANENT_COVER, maxBytes: MAX_SECURE_COVER_BYTES };
export const TEMPORARY_COVER: CoverKind = { prefix: "temporary-cover", maxBytes: MAX_GENERAL_UPLOAD_BYTES, action: "shop.temporary_cover_uploaded" };

/** Where the uploaded covers are kept, private. */
export const COVERS_AREA = "book-covers";
/** Where the covers drawn from the PDF are kept, public once the book is. */
export const DRAWN_COVER_PREFIX = "book/covers";

/** The last segment of a key: what the public and signed URLs carry. */
export const fileOf = (key: string) => key.slice(key.lastIndexOf("/") + 1);

/** The path an uploaded cover is signed for, `/files/book-covers/<file>`. */
export const uploadedCoverPath = (key: string) => `/files/${COVERS_AREA}/${fileOf(key)}`;
/** The key of the uploaded cover a signed link names. */
export const uploadedCoverKey = (file: string) => `${COVERS_AREA}/${file}`;

/** The public path of a drawn cover, `/shop/cover/<file>`. */
export const drawnCoverPath = (key: string) => `/shop/cover/${fileOf(key)}`;
/** The key of the drawn cover a public path names. */
export const drawnCoverKey = (file: string) => `${DRAWN_COVER_PREFIX}/${file}`;

/**
 * Why a cover was refused, under the field `cover`: the panel words each one. `rateLimited` and
 * `validation` belong to the temporary cover: its per-user limit and its admin-operation validation.
 */
export type CoverProblem = "type" | "tooLarge" | "name" | "script" | "pixels" | "missing" | "storage" | "rateLimited" | "validation";
export type CoverDone = "coverSaved" | "coverRemoved" | "temporarySaved" | "temporaryRemoved";
/** A post the admin gate refused has no `errors` (see `refusalIn`); a failure of the server has `form: "failed"`. */
export type CoverAnswer = { ok: true; done: CoverDone } | { ok: false; errors?: { cover?: CoverProblem; form?: "failed" } };
