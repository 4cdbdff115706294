/**
 * `world sync refused` and `world sync accept <machine>`: the chunks world sync kept aside
 * (sync/refused.ts), looked at by anyone, accepted by a person only (sync/accept.ts; a
 * program, an agent or MCP is refused, exit 3, as for enroll).
 */
import { NotFoundError, RefusedError } from "../../tools/errors.js";
import { dateTimeText } from "../../tools/time-text.js";
import { acceptKept } from "../../sync/accept.js";
import { checkMachine } from "../../sync/names.js";
import { refusedSummary } from "../../sync/refused-summary.js";
import { requireHome, type Context } from "./context.js";
import { personOnly, thisMachine } from "./sync-machines.js";

export function syncRefused(ctx: Context, opts: { json?: boolean }): void {
  const { groups, malformed } = refusedSummary(requireHome(ctx).paths);
  if (malformed > 0) ctx.warn(`${malformed} line${malformed === 1 ? "" : "s"} of .world/sync/refused.jsonl ${malformed === 1 ? "is" : "are"} not a kept chunk (torn or edited): passed over`);
  if (opts.json) {
    for (const g of groups) ctx.out(JSON.stringify(g));
    return;
  }
  if (groups.length === 0) return ctx.out("(nothing kept aside: world sync refused no chunk)");
  for (const g of groups) {
    const when = g.first === g.last ? dateTimeText(new Date(g.first)) : `${dateTimeText(new Date(g.first))} to ${dateTimeText(new Date(g.last))}`;
    const accepted = g.accepted > 0 ? `, ${g.accepted} accepted since` : "";
    const hint = g.acceptable ? `  (a person may accept: world sync accept ${g.machine}${g.kind === "unsigned" ? " --unsigned" : ""})` : "";
    ctx.out(`${JSON.stringify(g.machine).padEnd(16)} ${g.kind.padEnd(16)} ${g.chunks} chunk${g.chunks === 1 ? "" : "s"}, ${g.lines} line${g.lines === 1 ? "" : "s"}${accepted}, ${when}${hint}`);
  }
}

export function syncAccept(ctx: Context, given: string, opts: { unsigned?: boolean; machine?: string }): void {
  personOnly(ctx, "accept chunks kept aside");
  const machine = checkMachine(given);
  const self = thisMachine(ctx, opts.machine);
  const result = acceptKept(ctx.paths, self, machine, { unsigned: opts.unsigned === true, by: "a person at the terminal" });
  if (result.chunks.length === 0) throw new NotFoundError(`nothing kept aside from machine ${machine} left to accept: expected chunks of it in .world/sync/refused.jsonl not accepted yet, received none (world sync refused lists them)`);
  for (const c of result.chunks) ctx.out(`stream sequence ${c.seq} (${c.lines} line${c.lines === 1 ? "" : "s"}): ${c.outcome} — ${c.why}`);
  const accepted = result.chunks.filter((c) => c.outcome === "accepted").length;
  ctx.out(`accepted ${accepted} chunk${accepted === 1 ? "" : "s"} from machine ${machine}: ${result.applied} line${result.applied === 1 ? "" : "s"} appended`);
  const notTaken = result.chunks.filter((c) => c.outcome === "refused" || c.outcome === "left");
  if (notTaken.length > 0) {
    throw new RefusedError(
      `${notTaken.length} chunk${notTaken.length === 1 ? "" : "s"} of machine ${machine} not accepted (stream sequence${notTaken.length === 1 ? "" : "s"} ${notTaken.map((c) => c.seq).join(", ")}): expected chunks whose signature holds for its key now enrolled and that follow the ones before them, received ${notTaken.map((c) => c.why.split(":")[0]).join("; ")}`,
    );
  }
}
