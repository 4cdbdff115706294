/**
 * The Spirit's nudges with their state (tools/world/asks/nudge-state.ts), from the index:
 * shared by `world query nudges`, the monitor and the MCP server, so all three show what
 * the Spirit acts on. Only the lines the fold needs are read: the Spirit's nudge lines,
 * its awake lines (they say its expiry) and the answers under nudge ids.
 */
import { UsageError, shown } from "../../errors.js";
import type { WorldIndex } from "../index-db.js";
import type { EntryJson } from "../json.js";
import { readNudgeLine, type Offer } from "./nudge-line.js";
import { LINES_OF_ID } from "../schema.sql.js";
import { DEFAULT_NUDGE_EXPIRY_MS, expiryAnnounced, foldNudges, NUDGE_PREFIX, NUDGE_STATES, type NudgeAnswer, type NudgeState, type NudgeView } from "./nudge-state.js";

/**
 * A nudge as the JSON contract gives it: its line as an entry, plus its state and answers,
 * the question people read, and what a yes starts (null when it names nothing).
 */
export type NudgeJson = EntryJson & { state: NudgeState; expiresAt: string; answers: NudgeAnswer[]; question: string; offer: Offer | null };

interface Row {
  line: number;
  ts: string;
  label: string;
  id: string;
  output: string;
  output_ref: string | null;
}

function nudgeJson(n: NudgeView): NudgeJson {
  const { question, offer } = readNudgeLine(n.output);
  return {
    ...(n.line !== undefined && { line: n.line }),
    ts: n.ts,
    kind: "event",
    source: "spirit",
    id: n.id,
    output: n.output,
    ...(n.outputRef !== undefined && { outputRef: n.outputRef }),
    state: n.state,
    expiresAt: n.expiresAt,
    answers: n.answers,
    question,
    offer: offer ?? null,
  };
}

function lineOf(r: Row) {
  return { line: r.line, ts: r.ts, kind: "event" as const, source: r.label, id: r.id, output: r.output, ...(r.output_ref !== null && { outputRef: r.output_ref }) };
}

/** The Spirit's awake lines: few (one per start), and they say its expiry. */
function awakeRows(index: WorldIndex): Row[] {
  return index.db
    .prepare("SELECT line, ts, label, id, output, output_ref FROM entries WHERE line IN (SELECT line FROM entry_ids WHERE id = 'spirit') AND +kind = 'event' AND +label = 'spirit' AND output GLOB 'awake:*' ORDER BY line")
    .all() as Row[];
}

/** The nudge lines and the answers to them, of nudges asked at or after `since` (ISO; "" for all). */
function nudgeRows(index: WorldIndex, since: string): Row[] {
  // Two searches on the (label, line) index, merged: one OR across both scanned the whole table.
  return index.db
    .prepare(
      `SELECT line, ts, label, id, output, output_ref FROM entries
         WHERE kind = 'event' AND label = 'spirit' AND output GLOB 'nudge*' AND id != 'spirit' AND ts >= ?
       UNION ALL
       SELECT line, ts, label, id, output, output_ref FROM entries
         WHERE kind = 'event' AND label = 'user' AND ts >= ? AND id IN (
           SELECT id FROM entries WHERE kind = 'event' AND label = 'spirit' AND substr(output, 1, ?) = ? AND ts >= ?)
       ORDER BY line`,
    )
    .all(since, since, NUDGE_PREFIX.length, NUDGE_PREFIX, since) as Row[];
}

function fold(index: WorldIndex, now: number, since: string): NudgeJson[] {
  const rows = [...awakeRows(index), ...nudgeRows(index, since)].sort((a, b) => a.line - b.line);
  return foldNudges(rows.map(lineOf), now).map(nudgeJson);
}

/** Every nudge with its state at `now`, oldest first. */
export function allNudges(index: WorldIndex, now = Date.now()): NudgeJson[] {
  return fold(index, now, "");
}

/**
 * The open ones only. A nudge asked longer ago than the longest expiry any awake line
 * announced cannot be open, so only the nudges since then are folded: the monitor asks
 * on every change, and a long-lived world has asked many questions.
 */
function openOnly(index: WorldIndex, now: number): NudgeJson[] {
  const expiries = awakeRows(index).map((r) => expiryAnnounced(lineOf(r)) ?? DEFAULT_NUDGE_EXPIRY_MS);
  const longest = Math.max(DEFAULT_NUDGE_EXPIRY_MS, ...expiries);
  const since = new Date(Math.max(0, now - longest)).toISOString();
  return fold(index, now, since).filter((n) => n.state === "open");
}

/** Nudges in one state ("all": every one), oldest first: the latest `limit` of them. */
export function nudgesIn(index: WorldIndex, state: NudgeState | "all", limit = 100, now = Date.now()): NudgeJson[] {
  return (state === "open" ? openOnly(index, now) : allNudges(index, now))
    .filter((n) => state === "all" || n.state === state)
    .slice(-limit);
}

/** The nudges waiting for the person's answer. */
export function openNudges(index: WorldIndex, limit = 100, now = Date.now()): NudgeJson[] {
  return nudgesIn(index, "open", limit, now);
}

/** `nudges [state]`: the open ones unless a state (or all) is asked for. */
export function nudgeStateArg(arg: string | undefined | null, how: string): NudgeState | "all" {
  if (arg === undefined || arg === null || arg === "") return "open";
  if (arg === "all" || (NUDGE_STATES as readonly string[]).includes(arg)) return arg as NudgeState | "all";
  throw new UsageError(`unknown nudge state: expected ${how} open, answered, declined, expired or all, received ${shown(arg)}`);
}

/** One nudge with its state at `now`, or undefined when `id` asked nothing. */
export function nudgeById(index: WorldIndex, id: string, now = Date.now()): NudgeJson | undefined {
  const rows = index.db
    .prepare(`SELECT line, ts, label, id, output, output_ref FROM entries WHERE line IN ${LINES_OF_ID} AND kind = 'event' AND label IN ('spirit', 'user') ORDER BY line`)
    .all(id) as Row[];
  if (rows.length === 0) return undefined;
  const all = [...awakeRows(index), ...rows].sort((a, b) => a.line - b.line);
  return foldNudges(all.map(lineOf), now).map(nudgeJson).find((n) => n.id === id);
}
