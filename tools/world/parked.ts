/**
 * What "parked" means, in one place: a session whose agent has nothing to do until a time
 * says so in its latest `active` line and ends its process; the Keeper's scheduler keeps
 * the promise (keeper/scheduler.ts, agents/wake.ts). Every reader asks here — the
 * scheduler, the end-of-process note, the Keeper's sweep and timeouts, the JSON contract
 * (`parkedUntil`), `world query`/`status`, the monitor and the Spirit — so they can never
 * disagree about which sessions are waiting and which are working.
 *
 * Two forms of that line:
 *
 *   sleep until <ISO time>[ state <JSON object>][ — <note>]
 *                             any agent: relaunched at that time; the state (small: what
 *                             it needs to go on) comes back in WORLD_STATE
 *   armed: due <ISO> by <kind> (parked…) — <message>
 *                             a reminder or timer: delivered by the scheduler itself
 */

export interface ParkLine {
  /** When the session wakes. */
  until: Date;
  /** "sleep": the agent is relaunched; "armed": a reminder/timer delivered directly. */
  form: "sleep" | "armed";
  /** The JSON text of `state {…}` on a sleep line, exactly as written. */
  state?: string;
}

const SLEEP = /^sleep until (\S+)/;
const ARMED_PARKED = /^armed: due (\S+) by \S+ \(parked/;

function date(iso: string): Date | undefined {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

/**
 * The end of the JSON object that starts at `from` (an index of `{`), or -1: braces are
 * counted outside strings, so a note after the state may hold anything.
 */
function objectEnd(text: string, from: number): number {
  let depth = 0;
  let inString = false;
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) return i + 1;
  }
  return -1;
}

/** The wake-up an `active` line's output asks for, or undefined if it does not park. */
export function parseParkLine(output: string): ParkLine | undefined {
  const armed = ARMED_PARKED.exec(output);
  if (armed !== null) {
    const until = date(armed[1]!);
    return until && { until, form: "armed" };
  }
  const sleep = SLEEP.exec(output);
  if (sleep === null) return undefined;
  const until = date(sleep[1]!);
  if (until === undefined) return undefined;
  let rest = output.slice(sleep[0].length);
  let state: string | undefined;
  if (rest.startsWith(" state {")) {
    const end = objectEnd(rest, " state ".length);
    if (end === -1) return undefined;
    state = rest.slice(" state ".length, end);
    try {
      JSON.parse(state);
    } catch {
      return undefined;
    }
    rest = rest.slice(end);
  }
  if (rest !== "" && !/^\s+—\s/.test(rest)) return undefined; // "sleep until 9am" is not a time; neither is trailing junk
  return { until, form: "sleep", ...(state !== undefined && { state }) };
}

/** When a session (by its latest status line) is parked until; undefined if it is not parked. */
export function parkedUntil(session: { status: string; output: string }): Date | undefined {
  return session.status === "active" ? parseParkLine(session.output)?.until : undefined;
}

/** The line an agent writes to park: `sleep until <ISO>[ state {…}][ — note]`. */
export function sleepUntilLine(until: Date, options: { state?: object; note?: string } = {}): string {
  const state = options.state === undefined ? "" : ` state ${JSON.stringify(options.state)}`;
  return `sleep until ${until.toISOString()}${state}${options.note ? ` — ${options.note}` : ""}`;
}
