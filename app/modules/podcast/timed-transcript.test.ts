import { describe, expect, it } from "vitest";
import { parseTimedTranscript } from "./timed-transcript";

const VTT = `WEBVTT - Episode one

NOTE recorded in Accra

intro
00:00.000 --> 00:04.500 align:start
<v Amara Diallo>Welcome to <i>Diaspora Policy</i> &amp; trade.</v>

00:00:04.500 --> 00:00:09.000
Today: the AfCFTA,
two years on.
`;

const SRT = "1\r\n00:00:00,000 --> 00:00:03,200\r\n<i>Welcome</i> back.\r\n\r\n2\r\n00:00:03,200 --> 00:00:08,000\r\n{\\an8}Our guest joins us.\r\n";

describe("timed transcripts", () => {
  it("reads a WebVTT file: identifiers, settings, notes, voices and markup", () => {
    expect(parseTimedTranscript(VTT, 60)).toEqual({
      ok: true,
      format: "vtt",
      cues: [
        { start: 0, end: 4.5, speaker: "Amara Diallo", text: "Welcome to Diaspora Policy & trade." },
        { start: 4.5, end: 9, text: "Today: the AfCFTA, two years on." },
      ],
    });
  });

  it("reads a SubRip file with Windows line endings and a byte-order mark", () => {
    expect(parseTimedTranscript(`\uFEFF${SRT}`, 8)).toEqual({
      ok: true,
      format: "srt",
      cues: [
        { start: 0, end: 3.2, text: "Welcome back." },
        { start: 3.2, end: 8, text: "Our guest joins us." },
      ],
    });
  });

  it("refuses what is neither format", () => {
    expect(parseTimedTranscript("Hello, this is a plain transcript.", 60)).toEqual({ ok: false, problem: "format", line: 1 });
    expect(parseTimedTranscript("", 60)).toMatchObject({ ok: false, problem: "format" });
  });

  it("names the line of a malformed cue", () => {
    expect(parseTimedTranscript("WEBVTT\n\n00:01.000 -> 00:02.000\nHi\n", 60)).toEqual({ ok: false, problem: "cue", line: 3 });
    expect(parseTimedTranscript("WEBVTT\n\n00:61.000 --> 00:62.000\nHi\n", 90)).toEqual({ ok: false, problem: "cue", line: 3 });
    expect(parseTimedTranscript("WEBVTT\n\n00:01.000 --> 00:02.000\nHi\n00:02.000 --> 00:03.000\n", 60)).toEqual({ ok: false, problem: "cue", line: 5 });
    expect(parseTimedTranscript("1\n00:00:01.000 --> 00:00:02,000\nHi\n", 60)).toEqual({ ok: false, problem: "cue", line: 1 });
    expect(parseTimedTranscript("1\n00:00:01,000 --> 00:00:02,000\nHi\n\nsecond\n00:00:03,000 --> 00:00:04,000\n", 60)).toEqual({ ok: false, problem: "cue", line: 5 });
  });

  it("refuses a cue that ends before it starts, or starts before the one before it", () => {
    expect(parseTimedTranscript("WEBVTT\n\n00:05.000 --> 00:05.000\nHi\n", 60)).toEqual({ ok: false, problem: "timing", line: 3 });
    expect(parseTimedTranscript("WEBVTT\n\n00:05.000 --> 00:06.000\nA\n\n00:04.000 --> 00:07.000\nB\n", 60)).toEqual({ ok: false, problem: "order", line: 6 });
  });

  it("refuses a cue past the end of the episode, with a second of slack for rounding", () => {
    expect(parseTimedTranscript("WEBVTT\n\n00:05.000 --> 00:10.900\nHi\n", 10).ok).toBe(true);
    expect(parseTimedTranscript("WEBVTT\n\n00:05.000 --> 00:11.500\nHi\n", 10)).toEqual({ ok: false, problem: "beyond", line: 3 });
    expect(parseTimedTranscript("1\n01:00:00,000 --> 01:00:02,000\nLate\n", 3600)).toEqual({ ok: false, problem: "beyond", line: 2 });
  });

  it("refuses a file without a single cue", () => {
    expect(parseTimedTranscript("WEBVTT\n\nNOTE nothing yet\n", 60)).toEqual({ ok: false, problem: "noCues" });
  });
});
