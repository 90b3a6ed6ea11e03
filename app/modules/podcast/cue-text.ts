/**
 * A cue's lines as a reader reads them: the voice of a WebVTT <v Name> tag kept as the speaker,
 * every other tag (<i>, <b>, <c.class>, <00:01.000>, SubRip's <font>) and SubRip's {\an8} styles
 * dropped, character references decoded, the lines joined with spaces.
 */
const VOICE = /<v(?:\.[^\s>]*)?[ \t]+([^>]*)>/;
const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0", lrm: "\u200e", rlm: "\u200f" };

function decodeReferences(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith("#")) {
      const code = name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[name.toLowerCase()] ?? whole;
  });
}

export function cueText(lines: string[]): { text: string; speaker?: string } {
  const joined = lines.join(" ");
  const speaker = VOICE.exec(joined)?.[1]?.trim();
  const text = decodeReferences(joined.replace(/<[^>]*>/g, "").replace(/\{\\[^}]*\}/g, ""))
    .replace(/\s+/g, " ")
    .trim();
  return speaker ? { text, speaker: decodeReferences(speaker) } : { text };
}

/** A transcript as plain text: one cue a line, the speaker's name before their words when it changes. */
export function plainTextOf(cues: { speaker?: string; text: string }[]): string {
  let speaker: string | undefined;
  const lines: string[] = [];
  for (const cue of cues) {
    if (!cue.text) continue;
    const named = cue.speaker && cue.speaker !== speaker;
    if (cue.speaker) speaker = cue.speaker;
    lines.push(named ? `${cue.speaker}: ${cue.text}` : cue.text);
  }
  return lines.join("\n");
}
