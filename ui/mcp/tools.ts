/**
 * What the MCP tools do, as plain functions of the world's paths: the same checks and
 * the same one-line refusals as the CLI (ui/cli/write.ts, respond.ts, query.ts, check.ts).
 * Each returns the text handed back to the calling agent; errors are thrown as WorldError.
 */
import { withMachines } from "../../sync/origins.js";
import { answerCloses } from "../../agents/answer.js";
import { NotFoundError, RefusedError, UsageError, shown } from "../../tools/errors.js";
import { appendOnce } from "../../tools/world/append.js";
import { appendStatus } from "../../tools/world/append-status.js";
import { check as checkLog } from "../../tools/world/check.js";
import { checkReader } from "../../tools/world/cursor.js";
import { checkId, checkSource, checkStatus } from "../../tools/world/entry.js";
import { formatEntry } from "../../tools/world/format.js";
import type { WorldIndex } from "../../tools/world/index-db.js";
import { entryJson } from "../../tools/world/json.js";
import type { WorldPaths } from "../../tools/world/paths.js";
import * as q from "../../tools/world/query.js";
import { describeProblem } from "../../tools/world/read.js";
import { respondTo } from "../../tools/world/asks/respond.js";
import { refuseClosedStatus } from "../../tools/world/lifecycle.js";
import { stamped } from "../../tools/world/writer.js";
import { parseCount } from "../../tools/count.js";
import { nudgesIn, nudgeStateArg } from "../../tools/world/asks/nudges.js";

export const QUERY_TYPES = ["active", "pending", "failed", "verified", "closed", "nudges", "events", "agent", "recent", "search"] as const;
export type QueryType = (typeof QUERY_TYPES)[number];

/** What a tool answers: the main text, and warnings worth showing beside it. */
export interface ToolAnswer {
  text: string;
  warnings: string[];
}

export interface WriteOptions {
  sync: boolean;
}

export function logEvent(paths: WorldPaths, a: { source: string; identifier: string; output: string }, o: WriteOptions): ToolAnswer {
  const source = checkSource(a.source);
  // An answer is stamped with its writer wherever it is written: here, never a person.
  const output = source === "user" ? stamped(a.output, "mcp") : a.output;
  const entry = appendOnce(paths, { kind: "event", source, id: checkId(a.identifier), output }, o);
  return { text: formatEntry(entry), warnings: [] };
}

export function logAgentStatus(
  paths: WorldPaths,
  a: { status: string; session_id: string; output: string; need?: string | undefined; force?: boolean | undefined },
  o: WriteOptions,
): ToolAnswer {
  const status = checkStatus(a.status);
  refuseClosedStatus(status, a.session_id);
  const id = checkId(a.session_id, "session id");
  const entry = appendStatus(paths, { status, id, output: a.output, ...(a.need !== undefined && { need: a.need }) }, { ...o, force: a.force === true, writer: "mcp" });
  return { text: formatEntry(entry), warnings: [] };
}

/**
 * An answer lands in a model's context, so a reader far behind (or new, on a big log)
 * gets the backlog in pieces: the cursor moves past what was handed over only.
 */
export const CHECK_LIMIT = 200;

/** The reader's unseen entries as a JSON array; its cursor moves unless peek. */
export function checkEntries(paths: WorldPaths, a: { reader: string; peek?: boolean | undefined; limit?: number | undefined }): ToolAnswer {
  const warnings: string[] = [];
  const limit = parseCount(a.limit, "limit", { fallback: CHECK_LIMIT });
  const result = checkLog(
    paths,
    checkReader(a.reader),
    ({ reset, problems }) => {
      if (reset) warnings.push(reset);
      for (const p of problems) warnings.push(describeProblem(p));
    },
    { peek: a.peek === true, limit },
  );
  if (result.more) warnings.push(`more entries remain after these ${result.entries.length}: call check again for the next ones`);
  return { text: JSON.stringify(result.entries.map(entryJson)), warnings };
}

/** `world query <type> [arg] --json`, as one JSON array. */
export function queryWorld(index: WorldIndex, a: { type: QueryType; arg?: string | undefined; limit?: number | undefined }): ToolAnswer {
  index.catchUp();
  const json = (rows: unknown[]): ToolAnswer => ({ text: JSON.stringify(rows), warnings: [] });
  switch (a.type) {
    case "active":
    case "pending":
    case "failed":
    case "verified":
    case "closed":
      return json(withMachines(index.paths, index, q.sessionsIn(index, a.type, parseCount(a.limit, "limit", { fallback: 1000 }))));
    case "nudges":
      return json(nudgesIn(index, nudgeStateArg(a.arg, "query type nudges with arg"), parseCount(a.limit, "limit", { fallback: 1000 })));
    case "events":
      return json(q.events(index, a.arg === undefined || a.arg === "" ? undefined : a.arg, parseCount(a.limit, "limit", { fallback: 100 })));
    case "agent": {
      if (a.arg === undefined || a.arg === "") throw new UsageError("missing session id: expected query type agent with arg <session-id>, received nothing");
      const rows = q.history(index, a.arg);
      if (rows.length === 0) throw new NotFoundError(`unknown session: expected an id that appears in world.log, received ${shown(a.arg)}`);
      return json(rows);
    }
    case "recent":
      return json(q.recent(index, parseCount(a.arg, "count for recent", { fallback: 20 })));
    case "search":
      if (a.arg === undefined || a.arg.trim() === "") throw new UsageError("missing search text: expected query type search with arg <text>, received nothing");
      return json(q.search(index, a.arg, parseCount(a.limit, "limit", { fallback: 50 })));
  }
}

export function respond(paths: WorldPaths, a: { session_id: string; text: string }, o: WriteOptions): ToolAnswer {
  const id = checkId(a.session_id, "session id");
  // "cancel" from a person closes the session; MCP is a program, never a person (docs/trust.md).
  if (answerCloses(paths, id, a.text)) {
    throw new RefusedError(`refused: only a person may close session ${id}: expected another answer from a program through world mcp, received ${JSON.stringify(a.text.trim())} (a person closes it with world close ${id} or the monitor)`);
  }
  const { entry, warning } = respondTo(paths, id, a.text, { ...o, writer: "mcp" });
  return { text: formatEntry(entry), warnings: warning === undefined ? [] : [warning] };
}
