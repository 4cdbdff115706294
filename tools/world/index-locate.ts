/**
 * Where one identifier's lines are, from the index, for the write path's backward scan
 * (last-status.ts): proving that a session does not exist read the whole log (1M lines:
 * ~120 MB); the index answers from its tables of the lines of each id (schema.sql.ts). The index only locates:
 * the lines themselves are read from the log, which stays the truth.
 *
 * It is used only when it can vouch for every byte before the point asked about: it
 * covers them (its offset), it indexed this very log (the hash of the first line), and
 * no bulk load is half done. It is opened read-only and never caught up here: writing
 * the index is the readers' business. Any error (no index, locked, corrupt, an older
 * schema) answers undefined: the caller reads the log as before.
 */
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { indexedHead } from "./cursor.js";
import { LINES_OF_ID, SCHEMA_VERSION } from "./schema.sql.js";
import { sqlite } from "./sqlite.js";

type Database = import("better-sqlite3").Database;

/** The index of the log at `logPath` (the layout of paths.ts: `.world/index.db` beside it). */
function indexFile(logPath: string): string {
  return join(dirname(logPath), ".world", "index.db");
}

/**
 * Byte offsets of the parsed lines with this identifier that begin before `before`,
 * newest first; undefined when the index cannot vouch for all of [0, before).
 */
export function indexedOffsets(logPath: string, id: string, before: number): number[] | undefined {
  const file = indexFile(logPath);
  if (!existsSync(file)) return undefined;
  let db: Database | undefined;
  try {
    // better-sqlite3 is loaded only here: most status checks end in the log's last chunk.
    const Sqlite = sqlite();
    db = new Sqlite(file, { readonly: true, fileMustExist: true, timeout: 2000 });
    if (db.pragma("user_version", { simple: true }) !== SCHEMA_VERSION) return undefined;
    const meta = (key: string) => (db!.prepare("SELECT value FROM meta WHERE key = ?").get(key) as { value: string } | undefined)?.value;
    const rows = db.transaction(() => {
      const offset = Number(meta("offset") ?? 0);
      if (offset < before || meta("bulk") === "pending" || offset === 0 || meta("head") !== indexedHead(logPath)) return undefined;
      return db!.prepare(`SELECT offset FROM entries WHERE line IN ${LINES_OF_ID} AND offset < ? ORDER BY line DESC`).pluck().all(id, before) as number[];
    })();
    return rows;
  } catch {
    return undefined;
  } finally {
    db?.close();
  }
}
