/**
 * Log health: every line parses, no torn line, timestamps neither in the future nor far
 * out of order. It remembers how far it checked (.world/keeper-health.json), so each
 * problem is reported once, as `[event:system][keeper] health: world.log line N: …`,
 * and a run reads only the new lines. A last line without a newline may be being
 * written right now: it is reported only if it is still the same at the next run. In a
 * synced world the order is checked per machine (line-origins.ts): another machine's
 * lines arrive when they arrive, with the times they were written there; and its lines
 * name the machine (`world.log of a line N`), since they reach every machine's log, where
 * line N is another line.
 */
import { join } from "node:path";
import { logHead } from "../tools/world/cursor.js";
import { parseLine } from "../tools/world/parse.js";
import { logSize, scanLines, START, type Position } from "../tools/world/read.js";
import { KEEPER_ID, type SweepContext } from "./context.js";
import { LineOrigins, type PendingRow } from "./line-origins.js";
import { z } from "zod";
import { writeJsonAtomicIfChanged } from "../tools/fs/atomic-write.js";
import { readJsonStateOrNone } from "../tools/fs/json-file.js";

interface HealthState extends Position {
  head: string;
  /** Timestamp (ms) of the last line written here that parsed, for the order check. */
  lastTs: number | null;
  /** The same for each machine lines were received from (synced worlds). */
  lastTsBy?: Record<string, number>;
  /** Where the next check reads world sync's received.tsv, and rows whose lines were not met yet. */
  rowsAt?: number;
  carried?: PendingRow[];
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
  const log = ctx.machine === undefined ? "world.log" : `world.log of ${ctx.machine}`;
  const size = logSize(ctx.paths.log);
  if (state.offset > size || (state.offset > 0 && state.head !== logHead(ctx.paths.log))) {
    problems.push(`${log} was replaced or became shorter since line ${state.line}: checking it again from the top`);
    state = { ...START, head: "", lastTs: null };
  }
  const skew = ctx.config.futureSkewMs;
  const disorder = ctx.config.disorderMs;
  const now = ctx.now.getTime();
  let prev = state.lastTs;
  const prevBy = new Map(Object.entries(state.lastTsBy ?? {}));
  const origins = new LineOrigins(ctx.paths, state.offset, state.rowsAt ?? 0, state.carried ?? []);
  let lines = 0;
  const scan = scanLines(ctx.paths.log, state, (text, at) => {
    lines += 1;
    const parsed = parseLine(text);
    if (!parsed.ok) {
      if (!parsed.skip) problems.push(`${log} line ${at.line}: malformed: ${parsed.error}`);
      return;
    }
    const ts = Date.parse(parsed.entry.ts);
    if (ts > now + skew) {
      problems.push(`${log} line ${at.line}: timestamp ${parsed.entry.ts} is in the future`);
      return; // not a reference for the order of the next lines
    }
    const machine = origins.of(text, at.offset);
    const before = machine === undefined ? prev : (prevBy.get(machine) ?? null);
    if (before !== null && before - ts > disorder) {
      const above = machine === undefined ? "the line above" : `the line from ${machine} before it`;
      problems.push(`${log} line ${at.line}: timestamp ${parsed.entry.ts} is ${Math.round((before - ts) / 60_000)} min before ${above}`);
    }
    if (machine === undefined) prev = ts;
    else prevBy.set(machine, ts);
  });
  const rows = origins.close(scan.end.offset);
  const tail = scan.tail ? { offset: scan.tail.offset, bytes: scan.tail.bytes, reported: false } : undefined;
  if (tail && state.tail && state.tail.offset === tail.offset && state.tail.bytes === tail.bytes) {
    tail.reported = state.tail.reported;
    if (!tail.reported) {
      problems.push(`${log} line ${scan.tail!.line}: torn last line (${tail.bytes} bytes, no newline) since the previous check`);
      tail.reported = true;
    }
  }
  report(ctx, problems);
  const next: HealthState = {
    ...scan.end,
    head: logHead(ctx.paths.log),
    lastTs: prev,
    ...(prevBy.size > 0 && { lastTsBy: Object.fromEntries(prevBy) }),
    ...(rows.rowsAt > 0 && { rowsAt: rows.rowsAt }),
    ...(rows.carried.length > 0 && { carried: rows.carried }),
    ...(tail && { tail }),
  };
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

const HealthStateSchema: z.ZodType<HealthState> = z.object({
  offset: z.number(),
  line: z.number(),
  head: z.string(),
  lastTs: z.number().nullable(),
  lastTsBy: z.record(z.string(), z.number()).optional(),
  rowsAt: z.number().optional(),
  carried: z.array(z.tuple([z.string(), z.string(), z.number()])).optional(),
  tail: z.object({ offset: z.number(), bytes: z.number(), reported: z.boolean() }).optional(),
});

function load(file: string): HealthState {
  // First run, or malformed: check from the top.
  return readJsonStateOrNone(file, HealthStateSchema, "the Keeper's health state") ?? { ...START, head: "", lastTs: null };
}

/** Not written again when no line came since the last run: an idle world's sweep writes nothing. */
function save(file: string, state: HealthState): void {
  writeJsonAtomicIfChanged(file, state);
}

