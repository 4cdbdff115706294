/**
 * The Spirit's vocabulary in world.log: every line it writes is built here, and read
 * back here (after a restart the Spirit's state is what these lines say). All are
 * `[event:spirit][<id>] <output>`; docs/spirit.md lists them with examples.
 *
 *   [<nudge-id>]   nudge: <question> (heard <speaker>: "<text>") yes: <agent-kind> "<task>"[ need "<need>"]
 *   [<nudge-id>]   nudge declined: nothing done (<who> answered "<answer>")
 *   [<nudge-id>]   nudge expired: no answer within <duration>; nothing done
 *   [<nudge-id>]   nudge unclear: "<answer>" is neither yes nor no; still waiting (world respond <nudge-id> yes|no)
 *   [<nudge-id>]   nudge closed: "<answer>" came after the nudge was <answered|declined|expired>; nothing done
 *   [<session-id>] spawn: <kind> "<task>" because <reason>
 *   [<session-id>] spawn failed: <error>
 *   [obs-…]        observe: <note> (heard <speaker>: "<text>")
 *   [pref-…]       preference: no nudges about <topic> (heard <speaker>: "<text>")
 *   [pref-…]       preference: nudges about <topic> allowed again (heard <speaker>: "<text>")
 *   [<agent-id>]   needs you: <sentence> ([task "<task>"; ]answer: world respond <agent-id> <text>)
 *                  (older logs also have `needs you again: …`, read back the same)
 *   [brain]        claude unavailable (<why>): using the offline brain
 *   [brain]        claude available again
 *   [brain]        claude answered badly (<why>): staying quiet
 *   [calendar]     calendar unavailable: <why>
 *   [calendar]     calendar available again
 *   [spirit]       awake: … / asleep: …
 *   [late-…]       heard late: <n> line(s) reached up to <t> after they were said, taken as conversation, not as requests; not done: "<text>", …[ and <m> more]. Say again what you still want
 */
import { NUDGE_PREFIX, type NudgeState } from "../../tools/world/asks/nudge-state.js";
import { QUOTED, quoteText, readNudgeBody, unquoteText, type Offer } from "../../tools/world/asks/nudge-line.js";

export const SOURCE = "spirit";

const QUOTE_MAX = 240;

/** Text from a person, quoted so that nothing in it can look like our own syntax (and without a backslash when it can: tools/world/asks/nudge-line.ts). */
export function quote(text: string): string {
  const cut = text.length > QUOTE_MAX ? `${text.slice(0, QUOTE_MAX - 1)}…` : text;
  return quoteText(cut);
}

export function heard(speaker: string, text: string): string {
  return `(heard ${speaker}: ${quote(text)})`;
}

const LATE_PREFIX = "heard late:";

export const say = {
  /** The offer is what a "yes" starts, kept with the question (not rebuilt from its words). */
  nudge: (question: string, speaker: string, text: string, offer?: Offer) =>
    `${NUDGE_PREFIX}${question} ${heard(speaker, text)}${offer ? ` yes: ${offer.agentKind} ${quoteText(offer.task)}${offer.need ? ` need ${quoteText(offer.need)}` : ""}` : ""}`,
  declined: (who: string, answer: string) => `nudge declined: nothing done (${who} answered ${quote(answer)})`,
  expired: (after: string) => `nudge expired: no answer within ${after}; nothing done`,
  unclear: (id: string, answer: string) => `nudge unclear: ${quote(answer)} is neither yes nor no; still waiting (world respond ${id} yes|no)`,
  closed: (answer: string, state: NudgeState) => `nudge closed: ${quote(answer)} came after the nudge was ${state}; nothing done`,
  /** One line for the user: `answer: …`, `can't: …` or `already: …` (spirit/decide/commands.ts). */
  say: (kind: string, text: string, speaker: string, heardText: string) => `${kind}: ${text} ${heard(speaker, heardText)}`,
  spawn: (kind: string, task: string, reason: string) => `spawn: ${kind} ${quote(task)} because ${reason}`,
  spawnFailed: (error: string) => `spawn failed: ${error}`,
  observe: (note: string, speaker: string, text: string) => `observe: ${note} ${heard(speaker, text)}`,
  preference: (topic: string, blocked: boolean, speaker: string, text: string) =>
    blocked ? `preference: no nudges about ${topic} ${heard(speaker, text)}` : `preference: nudges about ${topic} allowed again ${heard(speaker, text)}`,
  /** A failed agent, said for a person (tools/world/asks/plea.ts): the one line per failure. */
  needsYou: (plea: string) => `needs you: ${plea}`,
  /** The Keeper's `[event:system][keeper-disk] low: …`, passed on: nothing the user can answer, only act on. */
  needsYouDisk: (keeperSaid: string) => `needs you: disk ${keeperSaid}`,
  brainDown: (why: string) => `claude unavailable (${why}): using the offline brain`,
  brainUp: () => "claude available again",
  brainBad: (why: string) => `claude answered badly (${why}): staying quiet`,
  calendarDown: (why: string) => `calendar unavailable: ${why}`,
  calendarUp: () => "calendar available again",
  /** A backlog caught up with (spirit/daemon/late.ts): the user's requests in it, not done. */
  heardLate: (lines: number, lateBy: string, requests: readonly string[], more: number) =>
    `${LATE_PREFIX} ${lines} line(s) reached up to ${lateBy} after they were said, taken as conversation, not as requests; not done: ${requests.map(quote).join(", ")}${more > 0 ? ` and ${more} more` : ""}. Say again what you still want`,
};

/** Identifiers of the Spirit's own status lines. */
export const BRAIN_ID = "brain";
export const CALENDAR_ID = "calendar";
export const SELF_ID = "spirit";

export type { Offer };

/** What one of our lines means, read back. */
export type SpiritLine =
  | { type: "nudge"; question: string; offer?: Offer }
  | { type: "nudge-closed"; how: "declined" | "expired" | "closed" }
  | { type: "nudge-unclear" }
  | { type: "spawn"; kind: string; task: string; reason: string }
  | { type: "spawn-failed" }
  | { type: "observe"; note: string }
  | { type: "preference"; topic: string; blocked: boolean }
  | { type: "needs-you"; again: boolean }
  | { type: "brain"; up: boolean }
  | { type: "calendar"; up: boolean }
  | { type: "late" }
  | { type: "other" };

const SPAWN = new RegExp(String.raw`^spawn: (\S+) (${QUOTED}) because (.*)$`);
const PREF_OFF = /^preference: no nudges about (.+?)(?: \(heard .*)?$/;
const PREF_ON = /^preference: nudges about (.+?) allowed again(?: \(heard .*)?$/;


export function readSpiritLine(output: string): SpiritLine {
  if (output.startsWith(NUDGE_PREFIX)) return { type: "nudge", ...readNudgeBody(output.slice(NUDGE_PREFIX.length)) };
  if (output.startsWith("nudge declined:")) return { type: "nudge-closed", how: "declined" };
  if (output.startsWith("nudge expired:")) return { type: "nudge-closed", how: "expired" };
  if (output.startsWith("nudge closed:")) return { type: "nudge-closed", how: "closed" };
  if (output.startsWith("nudge unclear:")) return { type: "nudge-unclear" };
  const spawn = SPAWN.exec(output);
  if (spawn) return { type: "spawn", kind: spawn[1]!, task: unquoteText(spawn[2]!), reason: spawn[3]! };
  if (output.startsWith("spawn failed:")) return { type: "spawn-failed" };
  if (output.startsWith("observe: ")) return { type: "observe", note: output.slice("observe: ".length) };
  const off = PREF_OFF.exec(output);
  if (off) return { type: "preference", topic: off[1]!, blocked: true };
  const on = PREF_ON.exec(output);
  if (on) return { type: "preference", topic: on[1]!, blocked: false };
  if (output.startsWith("needs you again:")) return { type: "needs-you", again: true };
  if (output.startsWith("needs you:")) return { type: "needs-you", again: false };
  if (output.startsWith("claude unavailable")) return { type: "brain", up: false };
  if (output.startsWith("claude available again")) return { type: "brain", up: true };
  if (output.startsWith("calendar unavailable")) return { type: "calendar", up: false };
  if (output.startsWith("calendar available again")) return { type: "calendar", up: true };
  if (output.startsWith(LATE_PREFIX)) return { type: "late" };
  return { type: "other" };
}
