import { cueText } from "./cue-text";

/**
 * Reads a timed transcript, WebVTT (.vtt) or SubRip (.srt), told apart by its first line, and
 * checks it strictly: every cue has a well-formed timing line, ends after it starts, starts no
 * earlier than the cue before it, and ends within the episode (one second of slack, as the
 * episode's duration is stored rounded). A problem names the line the owner can look at.
 */
export type TranscriptFormat = "vtt" | "srt";
export type TranscriptProblem = "format" | "cue" | "timing" | "order" | "beyond" | "noCues";

export interface Cue {
  /** Seconds from the start of the episode. */
  start: number;
  end: number;
  /** The WebVTT voice (<v Name>), when the cue names one. */
  speaker?: string;
  /** What is said, without markup. */
  text: string;
}

export type TranscriptReading = { ok: true; format: TranscriptFormat; cues: Cue[] } | { ok: false; problem: TranscriptProblem; line?: number };

interface Block {
  /** 1-based line number of the block's first line. */
  line: number;
  lines: string[];
}

const SLACK_SECONDS = 1;
const VTT_TIME = String.raw`(?:(\d{2,}):)?([0-5]\d):([0-5]\d)\.(\d{3})`;
const SRT_TIME = String.raw`(\d{2,}):([0-5]\d):([0-5]\d),(\d{3})`;
const VTT_TIMING = new RegExp(String.raw`^${VTT_TIME}[ \t]+-->[ \t]+${VTT_TIME}(?:[ \t].*)?$`);
const SRT_TIMING = new RegExp(String.raw`^${SRT_TIME}[ \t]+-->[ \t]+${SRT_TIME}(?:[ \t].*)?$`);

/** Seconds from the four captured parts (hours may be absent in WebVTT). */
const seconds = (parts: (string | undefined)[]) => Number(parts[0] ?? 0) * 3600 + Number(parts[1]) * 60 + Number(parts[2]) + Number(parts[3]) / 1000;

/** The text cut into blocks at blank lines, each with the number of its first line. */
function blocksOf(lines: string[], from: number): Block[] {
  const blocks: Block[] = [];
  let current: Block | null = null;
  for (let index = from; index < lines.length; index++) {
    const line = lines[index]!;
    if (line.trim() === "") current = null;
    else if (current) current.lines.push(line);
    else blocks.push((current = { line: index + 1, lines: [line] }));
  }
  return blocks;
}

export function parseTimedTranscript(text: string, durationSeconds: number): TranscriptReading {
  const lines = text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n").split("\n");
  const first = lines.find((line) => line.trim() !== "")?.trim() ?? "";
  if (/^WEBVTT(?:[ \t]|$)/.test(lines[0] ?? "")) return checked(readVtt(lines), "vtt", durationSeconds);
  if (/^\d+$/.test(first)) return checked(readSrt(lines), "srt", durationSeconds);
  return { ok: false, problem: "format", line: 1 };
}

type Timed = (Cue & { line: number })[] | { problem: TranscriptProblem; line: number };

function readVtt(lines: string[]): Timed {
  // The header runs from WEBVTT to the first blank line.
  const headerEnd = lines.findIndex((line) => line.trim() === "");
  const cues: (Cue & { line: number })[] = [];
  for (const block of blocksOf(lines, headerEnd === -1 ? lines.length : headerEnd)) {
    const head = block.lines[0]!;
    if (/^(NOTE|STYLE|REGION)(?:[ \t]|$)/.test(head)) continue;
    const timingAt = head.includes("-->") ? 0 : 1;
    const match = VTT_TIMING.exec(block.lines[timingAt] ?? "");
    if (!match) return { problem: "cue", line: block.line };
    const payload = block.lines.slice(timingAt + 1);
    const stray = payload.findIndex((line) => line.includes("-->"));
    if (stray !== -1) return { problem: "cue", line: block.line + timingAt + 1 + stray };
    cues.push({ line: block.line + timingAt, start: seconds(match.slice(1, 5)), end: seconds(match.slice(5, 9)), ...cueText(payload) });
  }
  return cues;
}

function readSrt(lines: string[]): Timed {
  const cues: (Cue & { line: number })[] = [];
  for (const block of blocksOf(lines, 0)) {
    if (!/^\d+$/.test(block.lines[0]!.trim())) return { problem: "cue", line: block.line };
    const match = SRT_TIMING.exec(block.lines[1]?.trim() ?? "");
    if (!match) return { problem: "cue", line: block.line };
    cues.push({ line: block.line + 1, start: seconds(match.slice(1, 5)), end: seconds(match.slice(5, 9)), ...cueText(block.lines.slice(2)) });
  }
  return cues;
}

/** The order and bounds every cue must keep, whichever the format. */
function checked(timed: Timed, format: TranscriptFormat, durationSeconds: number): TranscriptReading {
  if (!Array.isArray(timed)) return { ok: false, ...timed };
  if (timed.length === 0) return { ok: false, problem: "noCues" };
  let previousStart = 0;
  for (const cue of timed) {
    if (cue.end <= cue.start) return { ok: false, problem: "timing", line: cue.line };
    if (cue.start < previousStart) return { ok: false, problem: "order", line: cue.line };
    if (cue.end > durationSeconds + SLACK_SECONDS) return { ok: false, problem: "beyond", line: cue.line };
    previousStart = cue.start;
  }
  return { ok: true, format, cues: timed.map(({ line: _line, ...cue }) => cue) };
}
