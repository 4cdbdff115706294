/**
 * The monitor's JSON endpoints. Reads have the shapes of `world query … --json` (one
 * JSON array instead of JSON Lines); the one write is `world respond`.
 *
 *   GET  /api/active | /api/pending | /api/failed | /api/verified   SessionJson[]
 *   GET  /api/recent?n=20                                          EntryJson[]
 *   GET  /api/session/<id>          { session: SessionJson | null, history: EntryJson[] }  (404 if the id never appears)
 *   GET  /api/nudges[?state=S]      NudgeJson[]: the Spirit's nudges in state S (open by default; answered, declined, expired, all)
 *   GET  /api/attention             { failed: {session, answer, roundRetries}[], nudges: NudgeJson[] (open), warnings: EntryJson[] }
 *   GET  /api/counts                { entries, sessions: {active, pending, failed, verified}, problems }
 *   GET  /api/search?q=&kind=&label=&id=&before=&limit=   { entries: EntryJson[] (newest first), next: line | null }
 *   GET  /api/output/<id>           { out: OutputTail, err: OutputTail }: the agent's stdout/stderr tail
 *   GET  /api/attachment/<name>     { ref, text }: the whole text of a field the line holds a prefix of
 *   GET  /api/brief/<name>.md       { ref, text }: a meeting brief, from .world/briefs/ only (agents/meeting-prep/brief-file.ts)
 *   GET  /api/daemons               { upRunning, upPid, daemons: DaemonStatus[] } (from .world/up-status.json)
 *   POST /api/respond  {id, text}   { line, entry: EntryJson, warning? }   ("cancel" to a session closes it)
 *   POST /api/close    {id, reason?} { line, entry: EntryJson }             (a person closes a session)
 *   POST /api/reminder {id, action: "move", due: ISO} | {id, action: "snooze", minutes}   { line, entry, id, due }
 *   GET  /api/reminders             Reminder[]: pending reminders and timers, soonest first (agents/reminders.ts)
 */
import { readBrief } from "../../agents/meeting-prep/brief-file.js";
import { z } from "zod";
import { readUpStatus } from "../../daemons/up-status.js";
import { readVerified } from "../../tools/world/chain.js";
import { parseCount } from "../../tools/count.js";
import { NotFoundError, UsageError, shown } from "../../tools/errors.js";
import { checkId } from "../../tools/world/entry.js";
import { formatEntry } from "../../tools/world/format.js";
import type { WorldIndex } from "../../tools/world/index-db.js";
import { entryJson } from "../../tools/world/json.js";
import type { WorldPaths } from "../../tools/world/paths.js";
import * as q from "../../tools/world/query.js";
import { readAttachment } from "../../tools/world/read.js";
import { answerSession } from "../../agents/answer.js";
import { closeSession } from "../../agents/close.js";
import { listReminders, moveReminder, snoozeReminder } from "../../agents/reminders.js";
import { withMachines } from "../../sync/origins.js";
import { agentOutputTail } from "./agent-output.js";
import { attention } from "./attention.js";
import { nudgesIn, nudgeStateArg } from "../../tools/world/asks/nudges.js";
import { syncStatus } from "../../sync/status.js";

const STATES = new Set<string>(Object.keys(q.SESSION_STATES));

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw new UsageError(`invalid session id in the path: expected URL-encoded text, received ${shown(text)}`);
  }
}

const KINDS = new Set(["event", "agent"]);

/** GET /api/search: the whole log, filtered, a page at a time (newest first). */
function search(index: WorldIndex, params: URLSearchParams): q.BrowsePage {
  const kind = params.get("kind") || undefined;
  if (kind !== undefined && !KINDS.has(kind)) throw new UsageError(`invalid kind: expected event or agent, received ${shown(kind)}`);
  const label = params.get("label") || undefined;
  if (label !== undefined && !/^[a-z][a-z0-9_-]{0,31}$/.test(label)) {
    throw new UsageError(`invalid label: expected an event source or agent status ([a-z][a-z0-9_-]{0,31}), received ${shown(label)}`);
  }
  const id = params.get("id") || undefined;
  const before = params.get("before");
  return q.browse(index, {
    ...(params.get("q") && { text: params.get("q") ?? "" }),
    ...(kind !== undefined && { kind: kind as "event" | "agent" }),
    ...(label !== undefined && { label }),
    ...(id !== undefined && { id: checkId(id, "session id") }),
    ...(before !== null && { before: parseCount(before, "before") }),
    limit: parseCount(params.get("limit"), "limit", { fallback: 50, max: 500 }),
  });
}

/** Answers a GET under /api/; `undefined` when there is no such route. */
export function read(index: WorldIndex, paths: WorldPaths, path: string, params: URLSearchParams): unknown {
  const name = path.slice("/api/".length);
  // Files beside the log: no need to catch the index up for these.
  if (name === "daemons") return readUpStatus(paths);
  if (name === "proof") return readVerified(paths) ?? null; // the log's last proof (docs/trust.md), as `world status --json` has it
  if (name.startsWith("output/")) {
    const id = checkId(decoded(name.slice("output/".length)), "session id");
    return { out: agentOutputTail(paths, id, "out"), err: agentOutputTail(paths, id, "err") };
  }
  if (name.startsWith("brief/")) {
    const brief = decoded(name.slice("brief/".length));
    return { ref: `briefs/${brief}`, text: readBrief(paths, brief) };
  }
  if (name.startsWith("attachment/")) {
    const ref = `attachments/${decoded(name.slice("attachment/".length))}`;
    return { ref, text: readAttachment(paths, ref) };
  }
  index.catchUp();
  if (STATES.has(name)) return withMachines(paths, index, q.sessionsIn(index, name as q.SessionState, parseCount(params.get("limit"), "limit", { fallback: 1000, max: 10_000 })));
  if (name === "recent") return q.recent(index, parseCount(params.get("n"), "n", { fallback: 20, max: 1000 }));
  if (name === "nudges") return nudgesIn(index, nudgeStateArg(params.get("state"), "?state="));
  if (name === "attention") return attention(index);
  if (name === "reminders") return listReminders(index);
  if (name === "counts") return q.counts(index);
  if (name === "sync") return syncStatus(paths, index, index.position().line);
  if (name === "search") return search(index, params);
  if (name.startsWith("session/")) {
    const id = checkId(decoded(name.slice("session/".length)), "session id");
    const entries = q.history(index, id);
    if (entries.length === 0) throw new NotFoundError(`unknown session: expected an id that appears in world.log, received ${shown(id)}`);
    const session = q.session(index, id);
    return { session: session === undefined ? null : withMachines(paths, index, [session])[0]!, history: entries };
  }
  return undefined;
}

const RespondBody = z.object({ id: z.string(), text: z.string() });

type Written = { line: string; entry: ReturnType<typeof entryJson>; warning?: string };

/** POST /api/respond: exactly the line `world respond <id> <text>` writes ("cancel" closes, agents/answer.ts). */
export async function respond(paths: WorldPaths, body: unknown): Promise<Written> {
  const parsed = RespondBody.safeParse(body);
  if (!parsed.success) {
    throw new UsageError(`invalid request body: expected JSON {"id": string, "text": string}, received ${shown(JSON.stringify(body))}`);
  }
  const { entry, warning } = await answerSession(paths, checkId(parsed.data.id, "session id"), parsed.data.text, { writer: "monitor" });
  return { line: formatEntry(entry), entry: entryJson(entry), ...(warning !== undefined && { warning }) };
}

const CloseBody = z.object({ id: z.string(), reason: z.string().optional() });

/** POST /api/close: exactly the line `world close <id> [reason]` writes; the person is the one holding the token. */
export async function close(paths: WorldPaths, body: unknown): Promise<Written> {
  const parsed = CloseBody.safeParse(body);
  if (!parsed.success) {
    throw new UsageError(`invalid request body: expected JSON {"id": string, "reason"?: string}, received ${shown(JSON.stringify(body))}`);
  }
  const { entry } = await closeSession(paths, checkId(parsed.data.id, "session id"), parsed.data.reason ?? "dismissed in the monitor", { person: "monitor" });
  return { line: formatEntry(entry), entry: entryJson(entry) };
}

const ReminderBody = z.discriminatedUnion("action", [
  z.object({ id: z.string(), action: z.literal("move"), due: z.string() }),
  z.object({ id: z.string(), action: z.literal("snooze"), minutes: z.number().positive().max(100_000) }),
]);

/** POST /api/reminder: move a pending reminder or timer to `due`, or snooze it; as `world reminder move|snooze` does. */
export async function reminder(paths: WorldPaths, body: unknown): Promise<Written & { id: string; due: string }> {
  const parsed = ReminderBody.safeParse(body);
  if (!parsed.success) {
    throw new UsageError(`invalid request body: expected JSON {"id", "action": "move", "due": ISO time} or {"id", "action": "snooze", "minutes": number}, received ${shown(JSON.stringify(body))}`);
  }
  const b = parsed.data;
  const id = checkId(b.id, "session id");
  const moved = b.action === "move" ? await moveReminder(paths, id, new Date(b.due), { person: "monitor" }) : await snoozeReminder(paths, id, b.minutes * 60_000, { person: "monitor" });
  return { line: formatEntry(moved.entry), entry: entryJson(moved.entry), id: moved.id, due: moved.due };
}
