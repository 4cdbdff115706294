/** `world query <type> [arg]` */
import { NotFoundError, UsageError, shown } from "../../tools/errors.js";
import { openIndexToRead } from "../../tools/world/index-db.js";
import { entryFromJson, type EntryJson } from "../../tools/world/json.js";
import { nudgesIn, nudgeStateArg } from "../../tools/world/asks/nudges.js";
import * as q from "../../tools/world/query.js";
import { parseCount } from "../../tools/count.js";
import { requireHome, type Context } from "./context.js";
import { withMachines } from "../../sync/origins.js";
import { showEntry, showSession } from "./show.js";
import { noNudges, showNudge } from "./show-nudge.js";

const TYPES = "active, pending, failed, verified, closed, nudges [open|answered|declined|expired|all], events [source], agent <session-id>, recent [N], search <text>";

export function query(ctx: Context, type: string, arg: string | undefined, opts: { json?: boolean; limit?: string; all?: boolean }): void {
  const index = openIndexToRead(requireHome(ctx).paths);
  try {
    const style = { colour: process.stdout.isTTY === true && !opts.json };
    const limit = parseCount(opts.limit, "--limit", { fallback: 1000 });
    const printEntries = (rows: EntryJson[]) => {
      for (const r of rows) ctx.out(opts.json ? JSON.stringify(r) : showEntry(entryFromJson(r), style));
    };
    /** A page of a longer answer says so, on stderr (stdout stays rows only, JSON Lines too). */
    const printPage = (page: q.Page, what: string) => {
      printEntries(page.entries);
      if (page.total > page.entries.length) {
        process.stderr.write(`world: showing the latest ${page.entries.length} of ${page.total} ${what}: ${page.total - page.entries.length} more (--limit N for more, --all for every one)\n`);
      }
    };
    if (opts.all === true && opts.limit !== undefined) throw new UsageError(`both --all and --limit: expected one of them, received --all and --limit ${shown(opts.limit)}`);
    const pageSize = (fallback: number) => (opts.all === true ? Infinity : parseCount(opts.limit, "--limit", { fallback }));
    switch (type) {
      case "active":
      case "pending":
      case "failed":
      case "verified":
      case "closed": {
        const rows = withMachines(ctx.paths, index, q.sessionsIn(index, type, limit));
        for (const s of rows) ctx.out(opts.json ? JSON.stringify(s) : onMachine(showSession(s, style), s.machine));
        if (!opts.json && rows.length === 0) ctx.out(`(no ${type} sessions)`);
        return;
      }
      case "nudges": {
        const state = nudgeStateArg(arg, "`world query nudges [state]` with state");
        const rows = nudgesIn(index, state, limit);
        for (const n of rows) ctx.out(opts.json ? JSON.stringify(n) : showNudge(n, style));
        if (!opts.json && rows.length === 0) ctx.out(noNudges(state));
        return;
      }
      case "events":
        return printPage(q.eventsPage(index, arg, pageSize(100)), arg === undefined ? "events" : `${arg} events`);
      case "agent": {
        if (arg === undefined) throw new UsageError("missing session id: expected `world query agent <session-id>`, received nothing");
        const rows = q.history(index, arg);
        if (rows.length === 0) throw new NotFoundError(`unknown session: expected an id that appears in world.log, received ${shown(arg)}`);
        return printEntries(rows);
      }
      case "recent":
        return printEntries(q.recent(index, parseCount(arg, "count for recent", { fallback: 20 })));
      case "search":
        if (arg === undefined || arg.trim() === "") throw new UsageError("missing search text: expected `world query search <text>`, received nothing");
        return printPage(q.searchPage(index, arg, pageSize(50)), "matches");
      default:
        throw new UsageError(`unknown query type: expected one of ${TYPES}, received ${shown(type)}`);
    }
  } finally {
    index.close();
  }
}

/** A synced world's session says where its agent runs, at the end of its first line. */
function onMachine(text: string, machine: string | null): string {
  if (machine === null) return text;
  const cut = text.indexOf("\n");
  return cut === -1 ? `${text}  on ${machine}` : `${text.slice(0, cut)}  on ${machine}${text.slice(cut)}`;
}
