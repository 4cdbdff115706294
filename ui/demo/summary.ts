/**
 * Step 4: the sessions and their final states, as `world query <state> --json` gives
 * them (the monitors' contract), and a few ways to audit the run with grep.
 */
import { worldCommand } from "./invocation.js";
import type { SessionJson } from "../../tools/world/query.js";
import type { Demo } from "./demo.js";
import { shellQuote } from "./narrate.js";

const STATES = ["active", "pending", "failed", "verified"] as const;

export async function summarize(d: Demo, url: string): Promise<SessionJson[]> {
  d.step = "4/4 (the summary)";
  d.n.step(4, "What happened, and how to check it");
  for (const state of STATES) d.n.command(["world", "query", state, "--json"]);
  const outs = await Promise.all(STATES.map((state) => d.world(["query", state, "--json"])));
  const sessions: SessionJson[] = [];
  for (const out of outs) {
    for (const line of out.split("\n")) if (line.trim() !== "") sessions.push(JSON.parse(line) as SessionJson);
  }
  sessions.sort((a, b) => (a.startedAt ?? "").localeCompare(b.startedAt ?? ""));
  d.n.line();
  d.n.line(`${"session".padEnd(28)} ${"state".padEnd(9)} ${"retries".padEnd(8)} task`);
  for (const s of sessions) d.n.line(`${s.id.padEnd(28)} ${s.state.padEnd(9)} ${String(s.retries).padEnd(8)} ${s.task}`);

  const sweeps = d.watch.seen.filter((e) => e.kind === "event" && e.source === "system" && e.id === "keeper" && e.output.startsWith("swept:")).length;
  d.n.line();
  // A sweep that finds nothing writes nothing (keeper/sweep.ts): the lines count the first one and those that acted.
  d.n.say(`${sessions.length} sessions; ${sweeps} Keeper sweep${sweeps === 1 ? "" : "s"} on record (its first, and those that found something to do); ${d.watch.seen.length} lines in world.log`);

  const log = shellQuote(d.paths.log);
  const permit = sessions.find((s) => s.retries > 0)?.id ?? "<session-id>";
  const recipes: [string, string][] = [
    // Anchored at the line's start: an output may quote a whole log line (README, Auditing with grep).
    [`grep -E '^\\[[^]]*\\]\\[agent:' ${log}`, "every agent status change, in order"],
    [`grep -E '^\\[[^]]*\\]\\[[^]]*\\]\\[${permit}\\]' ${log}`, "one session from start to verified, with the Verifier's reasons"],
    [`grep -E '^\\[[^]]*\\]\\[agent:(retry|failed)\\]' ${log}`, "the Verifier's retries and the escalation"],
    [`grep -E '^\\[[^]]*\\]\\[event:user\\]' ${log}`, "everything a human answered"],
    [`grep -E '^\\[[^]]*\\]\\[event:spirit\\]' ${log}`, "what the Spirit decided, and why (heard …)"],
    [`${worldCommand()} --home ${shellQuote(d.paths.home)} query agent ${permit}`, "the same session, from the SQLite index"],
  ];
  d.n.line();
  d.n.line("to audit it yourself:");
  for (const [command, what] of recipes) {
    d.n.line(`  ${command}`);
    d.n.line(`      # ${what}`);
  }
  d.n.line();
  d.n.say(`the monitor was at ${url}`);
  return sessions;
}
