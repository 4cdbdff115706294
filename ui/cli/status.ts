/** `world status` and `world index rebuild` */
import { openIndexToRead, WorldIndex, type CatchUpProgress } from "../../tools/world/index-db.js";
import * as q from "../../tools/world/query.js";
import { accessWarnings } from "../../tools/world/paths.js";
import { logSize } from "../../tools/world/read.js";
import { diskSpace, looksFull, showDisk } from "../../tools/disk.js";
import { describeDaemon, readUpStatus } from "../../daemons/up-status.js";
import { requireHome, type Context } from "./context.js";
import { sinceText, whenText } from "../../tools/time-text.js";
import { syncStatus, type SyncStatus } from "../../sync/status.js";
import { readVerified } from "../../tools/world/chain.js";
import { proofText } from "./verify-log.js";


export function status(ctx: Context, opts: { json?: boolean }): void {
  const index = openIndexToRead(requireHome(ctx).paths);
  for (const warning of accessWarnings(ctx.paths)) ctx.warn(warning);
  try {
    const counts = q.counts(index);
    // A parked session waits on purpose (tools/world/parked.ts): counted apart, never "stuck".
    const parkedRows = q.parkedSessions(index);
    const parked = parkedRows.length;
    const nextWake = parkedRows[0] ? { id: parkedRows[0].id, at: parkedRows[0].parkedUntil! } : null;
    const oldestStuck = q.oldestWorking(index) ?? null;
    const oldestFailed = q.sessionsIn(index, "failed", 1)[0] ?? null;
    const end = index.position();
    const size = logSize(ctx.paths.log);
    // A last line without a newline: being written right now, or torn by a crash.
    const torn = size > end.offset ? { line: end.line + 1, bytes: size - end.offset } : null;
    const problems = q.problems(index, 5);
    const disk = diskSpace(ctx.paths.home) ?? null;
    const diskFull = looksFull(ctx.paths.home) === true;
    const daemons = readUpStatus(ctx.paths);
    const sync = syncStatus(ctx.paths, index, end.line);
    const proof = readVerified(ctx.paths) ?? null; // the last `world verify-log` or Keeper check (tools/world/chain.ts)
    const report = { log: ctx.paths.log, bytes: size, lines: end.line, ...counts, parked, nextWake, oldestStuck, oldestFailed, torn, firstProblems: problems, proof, disk, diskFull, daemons, sync };
    if (opts.json) return ctx.out(JSON.stringify(report));
    const s = counts.sessions;
    ctx.out(`world.log  ${ctx.paths.log}  ${(size / 1024 / 1024).toFixed(1)} MiB, ${end.line} lines, ${counts.entries} entries`);
    ctx.out(`sessions   active ${s.active}${parked > 0 ? ` (${parked} parked)` : ""}, pending ${s.pending}, failed ${s.failed}, verified ${s.verified}${s.closed > 0 ? `, closed ${s.closed}` : ""}`);
    if (nextWake) ctx.out(`next wake-up  ${nextWake.id} at ${whenText(new Date(nextWake.at), new Date())}`);
    const now = new Date();
    if (oldestStuck) ctx.out(`oldest active  ${oldestStuck.id} (${oldestStuck.status} since ${sinceText(new Date(oldestStuck.updatedAt), now)})`);
    if (oldestFailed) ctx.out(`oldest failed  ${oldestFailed.id} (since ${sinceText(new Date(oldestFailed.updatedAt), now)}): needs a human`);
    if (counts.problems > 0) {
      ctx.out(`health     ${counts.problems} malformed line(s), first at line ${problems.map((p) => p.line).join(", ")}`);
    } else {
      ctx.out("health     every line parses");
    }
    ctx.out(`proof      ${proofText(proof ?? undefined, new Date())}`);
    if (torn) ctx.out(`           last line ${torn.line} has no newline (${torn.bytes} bytes): torn, or being written`);
    if (daemons.upPid === null) ctx.out("daemons    none: `world up` has not run in this world");
    else if (!daemons.upRunning) ctx.out(`daemons    none: \`world up\` (pid ${daemons.upPid}) is not running`);
    else for (const [i, d] of daemons.daemons.entries()) ctx.out(`${i === 0 ? "daemons   " : "          "} ${describeDaemon(d, now)}`);
    if (sync) ctx.out(`sync       ${syncText(sync, now)}`);
    if (disk && diskFull) {
      ctx.out(`disk       FULL: ${showDisk(disk)} where world.log lives: nothing new can be written (entries, verdicts, the index); free space there (df ${ctx.paths.home}); world up's daemons wait and resume by themselves`);
    } else if (disk) ctx.out(`disk       ${showDisk(disk)} where world.log lives`);
  } finally {
    index.close();
  }
}

/** "machine a, stream WORLD at nats://…: running (pid 4242); said 14:05:00 (3m ago): connected to …; 0 lines to send" */
function syncText(s: SyncStatus, now: Date): string {
  const running = s.pid === null ? "not running (world sync, or world up --nats)" : `running (pid ${s.pid})`;
  const said = s.last === null ? "" : `; said ${sinceText(new Date(s.last.ts), now)}: ${s.last.text}`;
  const unsent = s.unsentLines === 0 ? "every line sent" : `${s.unsentLines} line${s.unsentLines === 1 ? "" : "s"} to send`;
  const refused = s.refusedChunks === 0 ? "" : `; ${s.refusedChunks} chunk${s.refusedChunks === 1 ? "" : "s"} from other machines refused, kept aside in .world/sync/refused.jsonl (world sync refused)`;
  return `machine ${s.machine}, stream ${s.stream} at ${s.url}: ${running}${said}; ${unsent}${refused}`;
}

export function rebuild(ctx: Context): void {
  const index = new WorldIndex(ctx.paths);
  try {
    const tty = process.stderr.isTTY === true;
    const started = Date.now();
    const bar = (p: CatchUpProgress) => {
      if (!tty || p.size === 0) return;
      const share = p.offset / p.size;
      const filled = Math.round(share * 30);
      process.stderr.write(`\r[${"#".repeat(filled)}${".".repeat(30 - filled)}] ${(share * 100).toFixed(0)}%  ${p.lines} lines`);
    };
    const lines = index.rebuild(bar);
    if (tty) process.stderr.write("\n");
    const counts = q.counts(index);
    ctx.out(`rebuilt the index from world.log: ${lines} lines, ${counts.entries} entries, ${counts.problems} malformed, in ${Date.now() - started} ms`);
  } finally {
    index.close();
  }
}
