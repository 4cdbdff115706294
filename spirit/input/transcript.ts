/**
 * Transcript lines → utterances. The native format is JSON Lines, one utterance per
 * line, `{"ts": …, "speaker": "alice", "text": "…"}` (other fields are allowed and
 * ignored). Speech-to-text tools that print something else are read through an
 * adapter (`--format`): plain text, whisper.cpp's `whisper-stream`, pocketsphinx.
 * A line that cannot be read is a problem to report, never a crash.
 */
import { z } from "zod";

export const FORMATS = ["jsonl", "text", "whisper", "pocketsphinx"] as const;
export type TranscriptFormat = (typeof FORMATS)[number];

export interface Utterance {
  speaker: string;
  text: string;
  /** The transcript's own timestamp, when it had one (the log line gets the time it is written). */
  ts?: string | number;
}

export type LineResult = { ok: true; utterance: Utterance } | { ok: false; skip: true } | { ok: false; skip: false; error: string };

const SKIP: LineResult = { ok: false, skip: true };

function preview(text: string): string {
  const s = JSON.stringify(text);
  return s.length > 80 ? `${s.slice(0, 79)}…"` : s;
}

/** What a JSON line's value is, in words: `nothing`, `the number 3`, `an empty string`, `"…"`. */
function described(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (typeof value === "string") return value.trim() === "" ? "an empty string" : preview(value);
  if (typeof value === "number" || typeof value === "boolean") return `the ${typeof value} ${String(value)}`;
  return Array.isArray(value) ? "a list" : "an object";
}

function fromJsonl(line: string): LineResult {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch {
    return { ok: false, skip: false, error: `expected a JSON object {"ts","speaker","text"}, received ${preview(line)}` };
  }
  if (typeof json !== "object" || json === null || Array.isArray(json)) {
    return { ok: false, skip: false, error: `expected a JSON object {"ts","speaker","text"}, received ${preview(line)}` };
  }
  const { ts, speaker, text } = json as Record<string, unknown>;
  // One plain sentence for the first field that is wrong: which, what it should be, what it was, and the line.
  const wrong = (field: string, expected: string, value: unknown): LineResult => ({
    ok: false,
    skip: false,
    error: `"${field}" should be ${expected}, received ${described(value)}, in ${preview(line)}`,
  });
  if (!((typeof ts === "string" && ts !== "") || (typeof ts === "number" && Number.isFinite(ts)))) return wrong("ts", "a time (an ISO string or a number)", ts);
  if (typeof speaker !== "string" || speaker.trim() === "") return wrong("speaker", "a name", speaker);
  if (typeof text !== "string") return wrong("text", "the words as a string", text);
  const words = text.trim();
  return words === "" ? SKIP : { ok: true, utterance: { speaker: speaker.trim(), text: words, ts } };
}

// whisper.cpp's stream example redraws its current line with ANSI erase codes and '\r';
// only the text after the last redraw is the final one.
const ANSI = /\x1b\[[0-9;?]*[A-Za-z]/g;
const WHISPER_TIMES = /^\[\d{2}:\d{2}:\d{2}[.,]\d{3} --> \d{2}:\d{2}:\d{2}[.,]\d{3}\]\s*/;
const WHISPER_NOISE = /^(?:###|\[Start speaking\]|init:|whisper_|main:|ggml_|system_info:|\[BLANK_AUDIO\]$|\[ ?[Ss]ilence ?\]$|\(silence\)$|\[MUSIC\]$|\(music\)$)/;

function fromWhisper(line: string, speaker: string): LineResult {
  const last = line.replace(ANSI, "").split("\r").pop() ?? "";
  const text = last.replace(WHISPER_TIMES, "").trim();
  if (text === "" || WHISPER_NOISE.test(text)) return SKIP;
  return { ok: true, utterance: { speaker, text } };
}

// pocketsphinx 5 (`pocketsphinx live -`) prints one JSON object per utterance: {"b","d","p","t","w"}.
const Sphinx = z.object({ t: z.string(), b: z.number().optional() }).loose();

function fromPocketsphinx(line: string, speaker: string): LineResult {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch {
    return { ok: false, skip: false, error: `expected pocketsphinx JSON {"b","d","p","t"}, received ${preview(line)}` };
  }
  const parsed = Sphinx.safeParse(json);
  if (!parsed.success) return { ok: false, skip: false, error: `expected pocketsphinx JSON with a "t" text field, received ${preview(line)}` };
  const text = parsed.data.t.trim();
  return text === "" ? SKIP : { ok: true, utterance: { speaker, text, ...(parsed.data.b !== undefined && { ts: parsed.data.b }) } };
}

/** One transcript line in `format`; `speaker` is who plain-text formats are attributed to. */
export function readTranscriptLine(line: string, format: TranscriptFormat, speaker: string): LineResult {
  const trimmed = line.endsWith("\r") ? line.slice(0, -1) : line;
  if (format !== "whisper" && trimmed.trim() === "") return SKIP;
  switch (format) {
    case "jsonl":
      return fromJsonl(trimmed);
    case "text":
      return { ok: true, utterance: { speaker, text: trimmed.trim() } };
    case "whisper":
      return fromWhisper(trimmed, speaker);
    case "pocketsphinx":
      return fromPocketsphinx(trimmed, speaker);
  }
}
