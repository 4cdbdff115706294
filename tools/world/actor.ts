/**
 * Who ends or moves a session on a person's behalf (closing, agents/close.ts; moving or
 * snoozing a reminder, agents/reminders.ts), and how the line says so. Only a person may
 * do it (docs/trust.md): someone at a terminal or in the monitor (its token), or the
 * Spirit acting on the words a person said aloud — then the line cites that voice line
 * (its line number, time, speaker and words), so anyone can check the request against the
 * log. A program (an agent, an MCP client, a script without --as-human) never can.
 *
 *   closed by a person: <reason> (from terminal)
 *   closed by a person: <reason> (said by user at <ts>, line <n>: "<words>") (from program)
 */
import { RefusedError, UsageError } from "../errors.js";
import type { WorldIndex } from "./index-db.js";
import { entryAt } from "./query.js";
import { isPerson, stamped, type Writer } from "./writer.js";

/** The voice line a request was heard on (`[event:voice][<speaker>] <words>`). */
export interface VoiceLine {
  line: number;
  ts: string;
  speaker: string;
  text: string;
}

export type Actor = { person: Writer } | { voice: VoiceLine };

/** How long a cited voice line's words may be on the line that cites it. */
const WORDS_MAX = 200;

function quoted(text: string): string {
  const one = text.replace(/\s+/g, " ").trim();
  return JSON.stringify(one.length > WORDS_MAX ? `${one.slice(0, WORDS_MAX)}…` : one);
}

/**
 * Refuses anyone but a person; for a voice request, the cited line must be in the log as
 * it is cited (an [event:voice] line with that speaker, time and words).
 */
export function checkActor(index: WorldIndex, actor: Actor, what: string): void {
  if ("person" in actor) {
    if (!isPerson(actor.person)) {
      throw new RefusedError(`refused: only a person may ${what}: expected a person at a terminal (or --as-human) or in the monitor, received a call from a ${actor.person === "mcp" ? "program through world mcp" : "program"}`);
    }
    return;
  }
  const v = actor.voice;
  index.catchUp();
  const e = entryAt(index, v.line);
  if (e === undefined || e.kind !== "event" || e.source !== "voice" || e.id !== v.speaker || e.ts !== v.ts || e.output !== v.text) {
    throw new UsageError(`invalid voice request: expected the [event:voice][${v.speaker}] line ${v.line} of world.log at ${v.ts}, received a citation that does not match that line`);
  }
}

/** The end of a line written for this actor: the voice line cited, and who wrote the line. */
export function actorSuffix(actor: Actor): string {
  if ("person" in actor) return stamped("", actor.person);
  const v = actor.voice;
  return ` (said by ${v.speaker} at ${v.ts}, line ${v.line}: ${quoted(v.text)}) (from program)`;
}

/** The same, short and without parentheses (inside an armed line's note, agents/reminder/armed.ts). */
export function actorNote(actor: Actor): string {
  return "person" in actor ? `by a person at the ${actor.person}` : `at the words of ${actor.voice.speaker}, voice line ${actor.voice.line}`;
}
