/**
 * The listener: transcript lines in, `[event:voice][<speaker>] <text>` lines out. It
 * only appends; the Spirit follows the log for voice lines like any other reader.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { UsageError } from "../../tools/errors.js";
import { Appender } from "../../tools/world/append.js";
import { PRIVATE_DIR, type WorldPaths } from "../../tools/world/paths.js";
import { commandLines, fileLines, followLines, stdinLines } from "./line-sources.js";
import { speakerId, VOICE_SOURCE } from "./speaker.js";
import { readTranscriptLine, type TranscriptFormat } from "./transcript.js";


export type ListenSource =
  | { from: "stdin" }
  | { from: "file"; path: string; follow: boolean }
  | { from: "command"; command: string[] };

export interface ListenOptions {
  source: ListenSource;
  format: TranscriptFormat;
  /** Who plain-text formats are attributed to. */
  speaker: string;
  signal: AbortSignal;
  /** A one-line problem with the input (a bad line); the line is skipped. */
  warn: (message: string) => void;
}

export interface ListenResult {
  logged: number;
  skipped: number;
}

function linesFrom(paths: WorldPaths, source: ListenSource, signal: AbortSignal): AsyncGenerator<string> {
  switch (source.from) {
    case "stdin":
      return stdinLines(signal);
    case "file":
      return source.follow ? followLines(source.path, signal) : fileLines(source.path, signal);
    case "command":
      mkdirSync(paths.logs, { recursive: true, mode: PRIVATE_DIR });
      return commandLines(source.command, join(paths.logs, "listen-command.err"), signal);
  }
}

export async function listen(paths: WorldPaths, options: ListenOptions): Promise<ListenResult> {
  const appender = new Appender(paths);
  const result: ListenResult = { logged: 0, skipped: 0 };
  let n = 0;
  try {
    for await (const line of linesFrom(paths, options.source, options.signal)) {
      n += 1;
      const read = readTranscriptLine(line, options.format, options.speaker);
      if (read.ok) {
        try {
          appender.append({ kind: "event", source: VOICE_SOURCE, id: speakerId(read.utterance.speaker), output: read.utterance.text });
          result.logged += 1;
        } catch (error) {
          // A speaker the log cannot name (a lone surrogate, say) is one bad line, not the end of the transcript.
          if (!(error instanceof UsageError)) throw error;
          options.warn(`transcript line ${n} skipped: ${error.message}`);
          result.skipped += 1;
        }
      } else if (!read.skip) {
        options.warn(`transcript line ${n} skipped: ${read.error}`);
        result.skipped += 1;
      }
    }
  } finally {
    appender.close();
  }
  return result;
}
