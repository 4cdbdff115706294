/**
 * Log health: every line parses, no torn line, timestamps neither in the future nor far
 * out of order. It remembers how far it checked (.world/keeper-health.json), so each
 * problem is reported once, as `[event:system][keeper] health: world.log line N: …`,
 * and a run reads only the new lines. A last line without a newline may be being
 * written right now: it is reported only if it is still the same at the next run.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { logHead } from "../tools/world/cursor.js";
import { parseLine } from "../tools/world/parse.js";
import { logSize, scanLines, START, type Position } from "../tools/world/read.js";
import { KEEPER_ID, type SweepContext } from "./context.js";
import { writeJsonAtomic } from "../tools/fs/atomic-write.js";

interface HealthState extends Position {
  head: string;
  /** Timestamp (ms) of the last line that parsed, for the order check. */
  lastTs: number | null;
  /** A last line without a newline seen at the previous run. */
  tail?: { offset: number; bytes: number; reported: boolean };
}

/** At most this many problems are reported one by one per run; the rest are counted. */
const REPORT_LIMIT = 20;

export interface HealthResult {
  lines: number;
  problems: number;
}

export function checkHealth(ctx: SweepContext): HealthResult {
  const file = join(ctx.paths.dir, "keeper-health.json");
  let state = load(file);
  const problems: string[] = [];
  const size = logSize(ctx.paths.log);
  if (state.offset > size || (state.offset > 0 && state.head !== logHead(ctx.paths.log))) {
    problems.push(`world.log was replaced or became shorter since line ${state.line}: checking it again from the top`);
    state = { ...START, head: "", lastTs: null };
  }
  const skew = ctx.config.futureSkewMs;
  const disorder = ctx.config.disorderMs;
  const now = ctx.now.getTime();
  let prev = state.lastTs;
  let lines = 0;
  const scan = scanLines(ctx.paths.log, state, (text, at) => {
    lines += 1;
    const parsed = parseLine(text);
    if (!parsed.ok) {
      if (!parsed.skip) problems.push(`world.log line ${at.line}: malformed: ${parsed.error}`);
      return;
    }
    const ts = Date.parse(parsed.entry.ts);
    if (ts > now + skew) {
      problems.push(`world.log line ${at.line}: timestamp ${parsed.entry.ts} is in the future`);
      return; // not a reference for the order of the next lines
    }
    if (prev !== null && prev - ts > disorder) {
      problems.push(`world.log line ${at.line}: timestamp ${parsed.entry.ts} is ${Math.round((prev - ts) / 60_000)} min before the line above`);
    }
    prev = ts;
  });
  let tail = scan.tail ? { offset: scan.tail.offset, bytes: scan.tail.bytes, reported: false } : undefined;
  if (tail && state.tail && state.tail.offset === tail.offset && state.tail.bytes === tail.bytes) {
    tail.reported = state.tail.reported;
    if (!tail.reported) {
      problems.push(`world.log line ${scan.tail!.line}: torn last line (${tail.bytes} bytes, no newline) since the previous check`);
      tail.reported = true;
    }
  }
  report(ctx, problems);
  const next: HealthState = { ...scan.end, head: logHead(ctx.paths.log), lastTs: prev, ...(tail && { tail }) };
  save(file, next);
  return { lines, problems: problems.length };
}

function report(ctx: SweepContext, problems: string[]): void {
  const shown = problems.slice(0, REPORT_LIMIT).map((p) => ({ kind: "event" as const, source: "system", id: KEEPER_ID, output: `health: ${p}` }));
  if (problems.length > REPORT_LIMIT) {
    shown.push({ kind: "event", source: "system", id: KEEPER_ID, output: `health: and ${problems.length - REPORT_LIMIT} more problems (world status lists malformed lines)` });
  }
  if (shown.length > 0) ctx.appender.appendMany(shown);
}

function load(file: string): HealthState {
  try {
    const s = JSON.parse(readFileSync(file, "utf8")) as HealthState;
    if (typeof s.offset === "number" && typeof s.line === "number") return s;
  } catch {
    // first run, or unreadable: check from the top
  }
  return { ...START, head: "", lastTs: null };
}

function save(file: string, state: HealthState): void {
  writeJsonAtomic(file, state);
}

