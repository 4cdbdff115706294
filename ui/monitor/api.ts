/**
 * The monitor's JSON endpoints. Reads have the shapes of `world query … --json` (one
 * JSON array instead of JSON Lines); the one write is `world respond`.
 *
 *   GET  /api/active | /api/pending | /api/failed | /api/verified   SessionJson[]
 *   GET  /api/recent?n=20                                          EntryJson[]
 *   GET  /api/session/<id>          { session: SessionJson | null, history: EntryJson[] }  (404 if the id never appears)
 *   GET  /api/nudges                EntryJson[]: Spirit nudges with no answer yet
 *   GET  /api/attention             { failed: {session, answer}[], nudges: EntryJson[] }
 *   GET  /api/counts                { entries, sessions: {active, pending, failed, verified}, problems }
 *   POST /api/respond  {id, text}   { line, entry: EntryJson, warning? }
 */
import { z } from "zod";
import { NotFoundError, UsageError, shown } from "../../tools/errors.js";
import { checkId } from "../../tools/world/entry.js";
import { formatEntry } from "../../tools/world/format.js";
import type { WorldIndex } from "../../tools/world/index-db.js";
import { entryJson } from "../../tools/world/json.js";
import type { WorldPaths } from "../../tools/world/paths.js";
import * as q from "../../tools/world/query.js";
import { respondTo } from "../../tools/world/respond.js";
import { attention, openNudges } from "./attention.js";

const STATES = new Set<string>(Object.keys(q.SESSION_STATES));

function count(value: string | null, what: string, fallback: number, max: number): number {
  if (value === null) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new UsageError(`invalid ${what}: expected a positive whole number, received ${shown(value)}`);
  return Math.min(Number(value), max);
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw new UsageError(`invalid session id in the path: expected URL-encoded text, received ${shown(text)}`);
  }
}

/** Answers a GET under /api/; `undefined` when there is no such route. */
export function read(index: WorldIndex, path: string, params: URLSearchParams): unknown {
  index.catchUp();
  const name = path.slice("/api/".length);
  if (STATES.has(name)) return q.sessionsIn(index, name as q.SessionState, count(params.get("limit"), "limit", 1000, 10_000));
  if (name === "recent") return q.recent(index, count(params.get("n"), "n", 20, 1000));
  if (name === "nudges") return openNudges(index);
  if (name === "attention") return attention(index);
  if (name === "counts") return q.counts(index);
  if (name.startsWith("session/")) {
    const id = checkId(decoded(name.slice("session/".length)), "session id");
    const entries = q.history(index, id);
    if (entries.length === 0) throw new NotFoundError(`unknown session: expected an id that appears in world.log, received ${shown(id)}`);
    return { session: q.session(index, id) ?? null, history: entries };
  }
  return undefined;
}

const RespondBody = z.object({ id: z.string(), text: z.string() });

/** POST /api/respond: exactly the line `world respond <id> <text>` writes. */
export function respond(paths: WorldPaths, body: unknown): { line: string; entry: ReturnType<typeof entryJson>; warning?: string } {
  const parsed = RespondBody.safeParse(body);
  if (!parsed.success) {
    throw new UsageError(`invalid request body: expected JSON {"id": string, "text": string}, received ${shown(JSON.stringify(body))}`);
  }
  const { entry, warning } = respondTo(paths, checkId(parsed.data.id, "session id"), parsed.data.text, { writer: "monitor" });
  return { line: formatEntry(entry), entry: entryJson(entry), ...(warning !== undefined && { warning }) };
}
