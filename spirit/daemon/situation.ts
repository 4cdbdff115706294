/**
 * What the Spirit knows of the world besides speech, for the brain's context: agents at
 * work, agents waiting for the Verifier or for a human, questions the user has not
 * answered, the next meeting, and the machine (free disk where the log lives, load).
 * Without it a model would offer to do what an agent is already doing, or miss that the
 * user is about to walk into a meeting. Agent states are folded from the log (from the
 * SQLite index at start-up, then live), like everything else the Spirit knows.
 */
import { cpus, loadavg } from "node:os";
import type { Entry } from "../../tools/world/entry.js";
import { diskSpace, showDisk } from "../../tools/disk.js";
import type { WorldIndex } from "../../tools/world/index-db.js";
import { parkedUntil } from "../../tools/world/parked.js";
import { parseArmed } from "../../agents/reminder/armed.js";
import { everyText } from "../../agents/reminder/every.js";
import { sessionsIn, stateOf, type SessionState } from "../../tools/world/query.js";
import { quote } from "./lines.js";
import type { Nudge } from "./memory.js";

export interface AgentNow {
  id: string;
  status: string;
  task: string;
  blocker: string | null;
  since: string;
  /** Parked (tools/world/parked.ts): waiting, with no process, until this ISO time. */
  parkedUntil: string | null;
  /** A repeating reminder's rule, from its armed line: "every day at 8am". */
  repeats?: string;
}

/** The rule of a repeating reminder whose latest line is its armed line; nothing for any other. */
function repeatsOf(status: string, output: string): { repeats?: string } {
  const every = status === "active" ? parseArmed(output)?.every : undefined;
  return every === undefined ? {} : { repeats: everyText(every) };
}

export interface Meeting {
  title: string;
  start: Date;
}

/** How many unfinished sessions are kept (the oldest go first); how many are named per state. */
const KEEP_AGENTS = 200;
const NAMED = 5;

export class Situation {
  private readonly agents = new Map<string, AgentNow>();
  /** Sessions seen verified or closed (they leave `agents`), with their task, so that "still at work?" and "is the search done?" can say. */
  private readonly verified = new Map<string, { task: string; since: string; status: string }>();
  /** The next meeting on the calendar, as of its latest read (undefined: none, or no calendar). */
  nextMeeting: Meeting | undefined;

  /** Start-up: the sessions that are not verified, from the index. */
  load(index: WorldIndex): void {
    for (const state of ["active", "pending", "failed"] as const) {
      for (const s of sessionsIn(index, state, KEEP_AGENTS)) {
        this.agents.set(s.id, { id: s.id, status: s.status, task: s.task, blocker: s.blocker, since: s.updatedAt, parkedUntil: s.parkedUntil, ...repeatsOf(s.status, s.output) });
      }
    }
  }

  apply(entry: Entry): void {
    if (entry.kind !== "agent") return;
    const known = this.agents.get(entry.id);
    this.agents.delete(entry.id); // re-inserted last: the map stays in order of change
    // Verified or closed: done with, and known to be (a request for the same is a new one).
    if (entry.status === "verified" || entry.status === "closed") {
      this.verified.delete(entry.id);
      this.verified.set(entry.id, { task: known?.task ?? "", since: entry.ts, status: entry.status });
      if (this.verified.size > KEEP_AGENTS) this.verified.delete(this.verified.keys().next().value as string);
      return;
    }
    this.agents.set(entry.id, {
      id: entry.id,
      status: entry.status,
      task: entry.status === "start" ? entry.output : (known?.task ?? ""),
      blocker: entry.status === "failed" ? (entry.need ?? null) : null,
      since: entry.ts,
      parkedUntil: parkedUntil(entry)?.toISOString() ?? null,
      ...repeatsOf(entry.status, entry.output),
    });
    while (this.agents.size > KEEP_AGENTS) this.agents.delete(this.agents.keys().next().value as string);
  }

  /** The sessions not yet verified, oldest change first, with the state each is in. */
  agentsNow(): Array<AgentNow & { state: SessionState | "parked" }> {
    return [...this.agents.values()].map((a) => ({ ...a, state: a.parkedUntil !== null ? "parked" : stateOf(a.status) }));
  }

  /** The sessions seen verified or closed since start-up, oldest first (their task known when their start was seen or loaded). */
  doneRecently(): Array<{ id: string; task: string; since: string; status: string }> {
    return [...this.verified.entries()].map(([id, d]) => ({ id, ...d }));
  }

  /** Whether a session is still to be done: known and neither verified, finished nor failed. */
  stillAtWork(id: string): boolean | undefined {
    const a = this.agents.get(id);
    if (a === undefined) return this.verified.has(id) ? false : undefined;
    return a.parkedUntil !== null || stateOf(a.status) === "active";
  }

  /** A few lines of plain text; `home` is where the log lives (its disk is the one that matters). */
  describe(openNudges: readonly Nudge[], home: string, now: Date): string {
    const byState = new Map<SessionState | "parked", AgentNow[]>();
    for (const a of this.agents.values()) {
      // A parked agent is waiting for a time, not at work: a brain must not think it busy.
      const state = a.parkedUntil !== null ? "parked" : stateOf(a.status);
      const same = byState.get(state);
      if (same) same.push(a);
      else byState.set(state, [a]);
    }
    const lines: string[] = [];
    const list = (title: string, state: SessionState | "parked", show: (a: AgentNow) => string) => {
      const all = byState.get(state) ?? [];
      if (all.length === 0) return;
      const named = all.slice(-NAMED).map(show);
      const more = all.length > NAMED ? `; and ${all.length - NAMED} more` : "";
      lines.push(`${title} (${all.length}): ${named.join("; ")}${more}`);
    };
    const task = (a: AgentNow) => `${a.id} ${quote(a.task || "(task unknown)")}`;
    list("Agents at work", "active", (a) => `${task(a)} (${a.status} ${ago(a.since, now)})`);
    list("Waiting until a time (parked, no process)", "parked", (a) => `${task(a)} (wakes ${a.parkedUntil} — in ${minutes(Date.parse(a.parkedUntil!) - now.getTime())})`);
    list("Finished, awaiting verification", "pending", task);
    list("Failed, waiting for the user", "failed", (a) => `${task(a)}${a.blocker ? `, needs: ${a.blocker}` : ""}`);
    if (openNudges.length) {
      lines.push(`Questions the user has not answered (${openNudges.length}): ${openNudges.map((n) => `${quote(n.question)} (asked ${ago(n.askedAt, now)})`).join("; ")}`);
    }
    if (this.nextMeeting) lines.push(`Next meeting: ${quote(this.nextMeeting.title)} at ${this.nextMeeting.start.toISOString()} (in ${minutes(this.nextMeeting.start.getTime() - now.getTime())})`);
    lines.push(machine(home));
    return lines.join("\n");
  }
}

function machine(home: string): string {
  const load = `load ${loadavg()[0]!.toFixed(2)} on ${cpus().length} cores`;
  const disk = diskSpace(home);
  return disk ? `Machine: ${showDisk(disk)} where the log lives; ${load}` : `Machine: ${load}`;
}

function minutes(ms: number): string {
  const m = Math.max(0, Math.round(ms / 60_000));
  return m < 120 ? `${m} min` : `${Math.round(m / 60)} h`;
}

/** "5 min ago", "3 h ago": how long since, in the Spirit's lines and answers. */
export function ago(at: string | number, now: Date): string {
  const t = typeof at === "number" ? at : Date.parse(at);
  return Number.isNaN(t) ? "at an unknown time" : `${minutes(now.getTime() - t)} ago`;
}
