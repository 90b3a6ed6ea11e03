import { readFile } from "node:fs/promises";
import type { StagedUploads } from "~/adapters/uploads/staged-uploads.server";
import { cleanText } from "~/lib/clean-text";
import { Refusal } from "~/lib/refusal";
import { MAX_EPISODE_TEXT_FILE_BYTES } from "~/lib/upload-limits";
import { chaptersJson, parseChapters } from "./chapters-file";
import { parseTimedTranscript } from "./timed-transcript";

/**
 * An episode's transcript and chapters files, from the dialog to the episode's columns. Each arrives
 * as a finished resumable upload; its size is checked before a byte is read, then it must be UTF-8 and
 * pass its strict reader against the episode's duration. A refused file's staged upload is removed
 * (the dialog sends it again); an accepted one stays until the episode is saved.
 */
export type TextFileField = "transcript" | "chapters";
/** A new file (its upload id), "remove", or "keep" what the episode has. */
export type TextFileChange = { uploadId: string } | "remove" | "keep";
export type TextFilesChange = Record<TextFileField, TextFileChange>;

export interface TextFileColumns {
  transcript?: string | null;
  transcript_file?: string | null;
  transcript_format?: string | null;
  chapters?: string | null;
}

/** What the episode has now (nothing, for a new one). */
export interface StoredTextFiles {
  transcript_file: string | null;
  chapters: string | null;
}

/** A refused file: the problem under its field and, when the reader found one, the line or chapter under `<field>At`. */
export class TextFileRefusal extends Refusal {
  constructor(
    readonly field: TextFileField,
    problem: string,
    readonly at?: number,
  ) {
    super(problem, { field, status: 422 });
  }
  override get errors() {
    return this.at === undefined ? super.errors : { ...super.errors, [`${this.field}At`]: String(this.at) };
  }
}

async function stagedText(uploads: StagedUploads, field: TextFileField, uploadId: string, owner: string): Promise<string> {
  const upload = await uploads.find(uploadId);
  if (!upload || upload.owner !== owner) throw new TextFileRefusal(field, "missing");
  if (!upload.complete) throw new TextFileRefusal(field, "incomplete");
  const refuse = async (problem: string) => {
    await uploads.remove(uploadId);
    return new TextFileRefusal(field, problem);
  };
  if (upload.offset > MAX_EPISODE_TEXT_FILE_BYTES) throw await refuse("tooLarge");
  if (upload.offset === 0) throw await refuse("empty");
  try {
    // Kept without control characters, as a text typed into a form would be (cleanText keeps tabs and lines).
    return cleanText(new TextDecoder("utf-8", { fatal: true }).decode(await readFile(await uploads.fileOf(upload))));
  } catch {
    throw await refuse("encoding");
  }
}

/** The columns a transcript's text sets: the file as sent (without control characters), its format, and no plain-text transcript beside it. */
function transcriptColumns(text: string, durationSeconds: number): { columns: TextFileColumns } | { problem: string; at?: number } {
  const reading = parseTimedTranscript(text, durationSeconds);
  if (!reading.ok) return { problem: reading.problem, at: reading.line };
  return { columns: { transcript_file: text, transcript_format: reading.format, transcript: null } };
}

function chaptersColumns(text: string, durationSeconds: number): { columns: TextFileColumns } | { problem: string; at?: number } {
  const reading = parseChapters(text, durationSeconds);
  if (!reading.ok) return { problem: reading.problem, at: reading.chapter };
  return { columns: { chapters: chaptersJson(reading.chapters) } };
}

const READERS = { transcript: transcriptColumns, chapters: chaptersColumns } as const;
const REMOVED: Record<TextFileField, TextFileColumns> = { transcript: { transcript_file: null, transcript_format: null, transcript: null }, chapters: { chapters: null } };

export interface ResolvedTextFiles {
  columns: TextFileColumns;
  /** Staged uploads to remove once the episode is saved. */
  staged: string[];
  /** For the audit row: what changed. */
  changes: Partial<Record<TextFileField, "added" | "removed">>;
}

/**
 * Reads and checks the files of a change. A file the episode keeps is checked again when the
 * audio changed (`recheck`): a shorter recording must not leave chapters past its end.
 */
export async function resolveTextFiles(
  uploads: StagedUploads,
  owner: string,
  change: TextFilesChange,
  durationSeconds: number,
  stored: StoredTextFiles,
  recheck: boolean,
): Promise<ResolvedTextFiles> {
  const resolved: ResolvedTextFiles = { columns: {}, staged: [], changes: {} };
  for (const field of ["transcript", "chapters"] as const) {
    const wanted = change[field];
    if (wanted === "remove") {
      Object.assign(resolved.columns, REMOVED[field]);
      resolved.changes[field] = "removed";
      continue;
    }
    const kept = field === "transcript" ? stored.transcript_file : stored.chapters;
    if (wanted === "keep" && !(recheck && kept)) continue;
    const text = wanted === "keep" ? kept! : await stagedText(uploads, field, wanted.uploadId, owner);
    const read = READERS[field](text, durationSeconds);
    if ("problem" in read) {
      if (wanted !== "keep") await uploads.remove(wanted.uploadId);
      throw new TextFileRefusal(field, wanted === "keep" ? "keptBeyond" : read.problem, wanted === "keep" ? undefined : read.at);
    }
    if (wanted === "keep") continue;
    Object.assign(resolved.columns, read.columns);
    resolved.staged.push(wanted.uploadId);
    resolved.changes[field] = "added";
  }
  return resolved;
}
