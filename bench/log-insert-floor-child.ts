/**
 * Child process: the floor for indexing. Read the log in 1 MiB chunks, parse every line
 * with the real parser, insert the same columns into a table with only a primary key,
 * 50,000 rows per transaction, one prepared statement: nothing the index could skip.
 *
 *   node dist/bench/log-insert-floor-child.js LOG DBFILE
 */
import Database from "better-sqlite3";
import { closeSync, openSync, readSync } from "node:fs";
import { parseLine } from "../tools/world/parse.js";

const [log, dbFile] = process.argv.slice(2);
if (!log || !dbFile) throw new Error("usage: log-insert-floor-child.js LOG DBFILE");
const t = process.hrtime.bigint();
const cpu = process.cpuUsage();
/** CPU time of this process since the start (user + system): steadier than wall time on a shared machine. */
const cpuMs = () => {
  const c = process.cpuUsage(cpu);
  return (c.user + c.system) / 1000;
};
const db = new Database(dbFile);
db.pragma("journal_mode = WAL");
db.pragma("synchronous = NORMAL");
db.exec(`CREATE TABLE entries (line INTEGER PRIMARY KEY, offset INTEGER NOT NULL, ts TEXT NOT NULL, kind TEXT NOT NULL,
  label TEXT NOT NULL, id TEXT NOT NULL, output TEXT NOT NULL, need TEXT, output_ref TEXT, need_ref TEXT)`);
const insert = db.prepare("INSERT INTO entries VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
const BATCH = 50_000;
let inBatch = 0;
db.exec("BEGIN");
const onLine = (line: number, offset: number, text: string) => {
  const p = parseLine(text);
  if (p.ok) {
    const e = p.entry;
    insert.run(line, offset, e.ts, e.kind, e.kind === "event" ? e.source : e.status, e.id, e.output,
      e.kind === "agent" ? (e.need ?? null) : null, e.outputRef ?? null, e.kind === "agent" ? (e.needRef ?? null) : null);
  }
  if (++inBatch === BATCH) {
    db.exec("COMMIT; BEGIN");
    inBatch = 0;
  }
};
const fd = openSync(log, "r");
const buf = Buffer.alloc(1 << 20);
let carry = 0;
let offset = 0;
let line = 0;
for (;;) {
  const n = readSync(fd, buf, carry, buf.length - carry, offset + carry);
  const filled = carry + n;
  let start = 0;
  for (let nl = buf.indexOf(10); nl !== -1 && nl < filled; nl = buf.indexOf(10, start)) {
    onLine(++line, offset + start, buf.toString("utf8", start, nl));
    start = nl + 1;
  }
  if (n === 0) break;
  buf.copy(buf, 0, start, filled);
  carry = filled - start;
  offset += start;
}
db.exec("COMMIT");
closeSync(fd);
db.close();
// From after the imports to after the close, as log-catch-up-child.ts times its work (runScript's `ms` is spawn to exit).
const workMs = Number(process.hrtime.bigint() - t) / 1e6;
process.stdout.write(JSON.stringify({ cpuMs: cpuMs(), lines: line, workMs, maxRssMb: process.resourceUsage().maxRSS / 1024 }) + "\n");
