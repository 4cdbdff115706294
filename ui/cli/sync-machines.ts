/**
 * `world sync key|enroll|machines|revoke`: the machines that may write into this world over
 * sync (sync/machines.ts; docs/sync.md, "Enrolling machines"). Enrolling and revoking are a
 * person's (a terminal, or --as-human): a program, an agent or MCP is refused, exit 3.
 */
import { NotFoundError, RefusedError, UsageError } from "../../tools/errors.js";
import { readSyncConfig } from "../../sync/config.js";
import type { CopyCheck } from "../../sync/copy-check.js";
import { DEFAULT_STREAM } from "../../sync/names.js";
import { isPerson } from "../../tools/world/writer.js";
import { sinceText } from "../../tools/time-text.js";
import { checkMachine, defaultMachine } from "../../sync/names.js";
import { ownKey, readGivenKey } from "../../sync/machine-key.js";
import { enrol, readMachines, revoke } from "../../sync/machines.js";
import { SyncState } from "../../sync/state.js";
import { heldHeads } from "../../sync/peer-heads.js";
import { requireHome, type Context } from "./context.js";

export function thisMachine(ctx: Context, given: string | undefined): string {
  return new SyncState(ctx.paths).machine(given === undefined ? undefined : checkMachine(given), defaultMachine());
}

export function personOnly(ctx: Context, what: string): void {
  const writer = ctx.writer();
  if (!isPerson(writer)) {
    throw new RefusedError(`refused: only a person may ${what}: expected a person at a terminal (or --as-human), received a call from a program (stdin is not a terminal, or an agent's environment)`);
  }
}

/** This machine's public key, to give to a person on an enrolled machine. */
export function syncKey(ctx: Context, opts: { machine?: string }): void {
  const machine = thisMachine(ctx, opts.machine);
  ctx.out(`${ownKey(ctx.paths).text} ${machine}`);
}

export function syncEnroll(ctx: Context, given: string, opts: { name?: string; machine?: string }): void {
  personOnly(ctx, "enroll a machine");
  if (opts.name === undefined) throw new UsageError("world sync enroll needs --name <machine>: expected the name the other machine syncs under (its --machine), received none");
  const name = checkMachine(opts.name);
  const key = readGivenKey(given);
  const self = thisMachine(ctx, opts.machine);
  const done = enrol(ctx.paths, self, name, key);
  ctx.out(done === "already" ? `machine ${name} is already enrolled with that key` : `enrolled machine ${name} (${key}): its signed lines are applied here from now on, and on every machine that enrolled ${self} once the line reaches it`);
}

export function syncRevoke(ctx: Context, name: string, opts: { machine?: string }): void {
  personOnly(ctx, "revoke a machine");
  const self = thisMachine(ctx, opts.machine);
  const was = revoke(ctx.paths, self, checkMachine(name));
  if (was === undefined) throw new NotFoundError(`no enrolled machine ${name}: expected one of ${Object.keys(readMachines(ctx.paths).machines).join(", ") || "(none)"}, received ${name}`);
  ctx.out(`revoked machine ${name}: its lines are refused here from now on (kept aside in .world/sync/refused.jsonl), and on every machine that enrolled ${self} once the line reaches it`);
}

/** Only reads: a world whose sync never ran has no list yet (its first world sync enrolls itself). */
export async function syncMachines(ctx: Context, opts: { json?: boolean; check?: boolean; nats?: string; machine?: string }): Promise<void> {
  const list = readMachines(requireHome(ctx).paths);
  const self = Object.entries(list.machines).find(([, m]) => m.by === "itself")?.[0];
  // What this machine holds of each one's shared history: its last chunk applied here (the same on every machine that is caught up).
  const heads = heldHeads(ctx.paths);
  const held = (name: string) => heads.get(name) ?? null;
  // With --check: each one's chunks read back from the stream and compared with this copy (sync/copy-check.ts).
  const copies = opts.check === true ? await copyChecks(ctx, opts, self) : undefined;
  const copy = (name: string) => copies?.find((c) => c.machine === name);
  if (opts.json) {
    for (const [name, m] of Object.entries(list.machines)) ctx.out(JSON.stringify({ machine: name, state: "enrolled", self: name === self, ...m, held: held(name), ...(copies !== undefined && name !== self && { copy: copy(name) ?? null }) }));
    for (const [name, m] of Object.entries(list.revoked)) ctx.out(JSON.stringify({ machine: name, state: "revoked", self: name === self, ...m, held: held(name) }));
    return refuseDiffering(copies);
  }
  if (Object.keys(list.machines).length + Object.keys(list.revoked).length === 0) return ctx.out("(no machine enrolled yet: the first world sync enrolls this one; world sync enroll adds others)");
  const now = new Date();
  const heldText = (name: string) => {
    const h = heads.get(name);
    return h ? `  held up to byte ${h.end} of its log, chain ${h.chain.slice(0, 16)}…` : "";
  };
  for (const [name, m] of Object.entries(list.machines)) {
    ctx.out(`${name.padEnd(16)} enrolled ${sinceText(new Date(m.at), now)} by ${m.by}${name === self ? " (this machine)" : ""}  ${m.key}${heldText(name)}`);
    const c = copy(name);
    if (c !== undefined) ctx.out(`${"".padEnd(16)} copy ${c.state.toUpperCase()}: ${c.detail} (${c.applied} of its ${c.chunks} chunks applied here, ${c.keptAside} kept aside, ${c.lines} lines)`);
  }
  for (const [name, m] of Object.entries(list.revoked)) ctx.out(`${name.padEnd(16)} REVOKED ${sinceText(new Date(m.revokedAt), now)} by ${m.revokedBy}  ${m.key}`);
  refuseDiffering(copies);
}

/** A copy that differs from what its machine signed: exit 3, after the listing. */
function refuseDiffering(copies: readonly CopyCheck[] | undefined): void {
  const differs = copies?.filter((c) => c.state === "differs") ?? [];
  if (differs.length > 0) {
    throw new RefusedError(`this copy differs from what ${differs.map((c) => c.machine).join(", ")} signed: expected every line received from a machine to be the one its signed chunks carry, in place; received ${differs.map((c) => `${c.machine}: ${c.detail}`).join("; ")}`);
  }
}

async function copyChecks(ctx: Context, opts: { nats?: string; machine?: string }, self: string | undefined): Promise<CopyCheck[]> {
  const config = readSyncConfig(ctx.paths);
  const url = opts.nats ?? process.env.WORLD_NATS ?? config?.url;
  if (url === undefined) throw new UsageError("world sync machines --check reads each machine's chunks from the stream: expected --nats <url> (or WORLD_NATS, or a world sync run here before), received none");
  const me = self ?? thisMachine(ctx, opts.machine);
  const { checkCopies } = await import("../../sync/copy-check.js"); // the NATS client, for this option only
  const ca = config?.ca;
  return checkCopies(ctx.paths, { url, stream: config?.stream ?? DEFAULT_STREAM, self: me, ...(ca !== undefined && { ca }) });
}
