/**
 * Folds agent entries into the latest state of each session (the `sessions` table).
 * Rows touched in a batch are kept in memory and written once at the end of it.
 */
import type { DB } from "./index-db.js";
import type { AgentEntry, Located } from "./entry.js";

export interface SessionRow {
  id: string;
  status: string;
  task: string;
  need: string | null;
  blocker: string | null;
  output: string;
  retries: number;
  started_at: string | null;
  updated_at: string;
  start_line: number | null;
  line: number;
}

function foldSession(row: SessionRow | undefined, e: Located<AgentEntry>): SessionRow {
  const next: SessionRow = row
    ? { ...row }
    : { id: e.id, status: e.status, task: "", need: null, blocker: null, output: "", retries: 0, started_at: null, updated_at: e.ts, start_line: null, line: e.line };
  return foldInto(next, e);
}

/** foldSession on a row the caller owns (no copy): the hot path of a bulk load. */
function foldInto(next: SessionRow, e: Located<AgentEntry>): SessionRow {
  next.status = e.status;
  next.output = e.output;
  next.updated_at = e.ts;
  next.line = e.line;
  if (e.status === "start") {
    next.task = e.output;
    next.need = e.need ?? null;
    next.started_at = e.ts;
    next.start_line = e.line;
    next.retries = 0;
    next.blocker = null;
  } else if (e.status === "retry") {
    next.retries += 1;
  } else if (e.status === "failed") {
    next.blocker = e.need ?? e.output;
  }
  return next;
}

export class SessionFolder {
  private readonly touched = new Map<string, SessionRow>();
  private readonly get;
  private readonly put;

  constructor(db: DB) {
    this.get = db.prepare("SELECT * FROM sessions WHERE id = ?");
    this.put = db.prepare(
      `INSERT OR REPLACE INTO sessions(id, status, task, need, blocker, output, retries, started_at, updated_at, start_line, line)
       VALUES (@id, @status, @task, @need, @blocker, @output, @retries, @started_at, @updated_at, @start_line, @line)`,
    );
  }

  apply(e: Located<AgentEntry>): void {
    const touched = this.touched.get(e.id);
    if (touched !== undefined) foldInto(touched, e);
    else this.touched.set(e.id, foldSession(this.get.get(e.id) as SessionRow | undefined, e));
  }

  flush(): void {
    for (const row of this.touched.values()) this.put.run(row);
    this.touched.clear();
  }
}
