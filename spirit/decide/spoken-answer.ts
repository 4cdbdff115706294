/**
 * Answering the assistant by voice: a nudge with a yes or a no, and a failed session told
 * to the user (spirit/daemon/escalation.ts) whose question a time answers ("when to remind
 * you?" → "four pm"). Either counts only when it answers the assistant:
 *
 *   - said by the user (never by another speaker);
 *   - bare ("yes", "no thanks"; "sure, after lunch" is as often said to someone else), or a yes
 *     followed by a request of its own ("yes please, and also set an alarm for seven": the
 *     yes answers, and the request is heard as if said alone);
 *   - after the question, by the voice line's own time, not by the order the Spirit reads
 *     the lines in (a Spirit behind the log must not take a "yeah" said before its
 *     question as the answer to it), and soon after it (SPOKEN_WINDOW_MS);
 *   - with no one else speaking in between: a "yeah" after a colleague's turn answers the
 *     colleague, and so does one after someone else's question, even one asked before
 *     the Spirit's question reached the log;
 *   - to the one question open in that window, nudge or failed session (it never guesses
 *     which question a yes was for);
 *   - for a failed session, words that are a time and nothing more, to a question that
 *     asks when (any other words are conversation: its answer stays a person's to type).
 *
 * Such an answer is relayed as `[event:user][<nudge or session id>] <words> (spoken)`, the line
 * `world respond` would write; anything else is conversation. The tag says how the
 * answer came: it is the relay's, never the user's words (tools/world/asks/spoken.ts).
 */
import { movedTo, readAnswer } from "../../tools/world/asks/nudge-answer.js";
import { relayed } from "../../tools/world/asks/spoken.js";
import { chronoEn } from "../../tools/calendar/chrono-en.js";
import { spokenTimes } from "../../tools/calendar/spoken-time.js";
import type { Heard, SpiritMemory } from "../daemon/memory.js";

/** How soon after the question a spoken yes or no still answers it. */
export const SPOKEN_WINDOW_MS = 60_000;
const MAX_WORDS = 6;

/**
 * Words that are only a yes or a no ("yeah", "no thanks"): an answer when they answer the
 * assistant, conversation otherwise, and never a request ("yes, and also book a hotel" is
 * a new request too).
 */
export function bareAnswer(text: string): boolean {
  const answer = readAnswer(text);
  if (answer.says === "unclear" || (answer.says === "yes" && answer.extra !== undefined)) return false;
  return text.trim().split(/\s+/).length <= MAX_WORDS;
}

/** An answer to relay: `[event:user][<to>] <text>`, to a nudge or to a failed session told to the user. */
export interface SpokenAnswer {
  to: string;
  text: string;
  /** "yes please, and also set an alarm for seven": a request said after the yes, heard as one of its own. */
  rest?: string;
}

// "yes please, and also …", "sure, oh and …": a yes, then a request of its own.
const AND_ALSO = /^(?:and also|and then|and|also|oh and|plus|but also|then)\b[\s,]*(\S.*)$/i;

/** A yes with a request after it: the yes words and the request, or undefined. */
function yesAndMore(text: string): { yes: string; rest: string } | undefined {
  const answer = readAnswer(text);
  if (answer.says !== "yes" || answer.extra === undefined) return undefined;
  const rest = AND_ALSO.exec(answer.extra)?.[1];
  if (rest === undefined) return undefined;
  const yes = text.trim().slice(0, text.trim().length - answer.extra.length).replace(/[\s,.;:-]+$/, "");
  return yes.split(/\s+/).length <= MAX_WORDS ? { yes, rest } : undefined;
}

export function spokenAnswer(heard: Heard, memory: SpiritMemory): SpokenAnswer | undefined {
  if (!heard.isUser) return undefined;
  const at = Date.parse(heard.ts);
  const recent = (askedAt: number) => at > askedAt && at - askedAt <= SPOKEN_WINDOW_MS;
  const nudges = memory.openNudges().filter((n) => recent(n.askedAt));
  const pleas = memory.openPleas().filter((p) => recent(p.askedAt));
  if (nudges.length + pleas.length !== 1) return undefined; // none, or it would have to guess which
  const askedAt = (nudges[0] ?? pleas[0])!.askedAt;
  // The conversation up to this line (the line itself is its latest turn).
  const before = memory.conversation.view().turns.slice(0, -1);
  if (before.some((t) => !t.isUser && t.at >= askedAt)) return undefined; // someone else spoke since the question
  if (before.at(-1)?.isUser === false) return undefined; // the reply to the one who spoke last
  const nudge = nudges[0];
  if (nudge !== undefined) {
    // "no, make it ten instead": to an open question, the offer taken at another time is only an answer too
    // (not a bare answer anywhere else: "remind me tomorrow at two" said alone is a request).
    if (bareAnswer(heard.text) || movedTo(heard.text) !== undefined) return { to: nudge.id, text: relayed(heard.text) };
    const more = yesAndMore(heard.text);
    return more === undefined ? undefined : { to: nudge.id, text: relayed(more.yes), rest: more.rest };
  }
  const plea = pleas[0]!;
  return asksForATime(plea.text) && onlyATime(heard.text, new Date(at)) ? { to: plea.id, text: relayed(heard.text) } : undefined;
}

/**
 * "when to remind you", "how long the timer should run", "what time…": a failed session
 * whose question a time answers. Other questions (a code, a file, a decision) are not
 * answered by voice: what a person mutters after a notice is no answer to them.
 */
function asksForATime(plea: string): boolean {
  return /\b(?:when|what time|how long)\b/i.test(plea);
}

/** Words around a time that add nothing ("um, let's say four thirty", "make it six"). */
const AROUND_A_TIME = new Set(["at", "on", "in", "for", "by", "around", "about", "um", "uh", "er", "erm", "oh", "ok", "okay", "so", "say", "let's", "lets", "make", "it", "maybe", "please", "then", "how", "just"]);

/** Whether the words are a time and nothing more ("four pm", "in ten minutes", "tomorrow at nine"). */
function onlyATime(text: string, now: Date): boolean {
  const words = text.toLowerCase().replace(/[,.!?;]+/g, " ").trim();
  if (words === "" || words.split(/\s+/).length > MAX_WORDS + 2) return false;
  const digits = spokenTimes(words, "reminder");
  const found = chronoEn().parse(digits, now, { forwardDate: true });
  if (found.length === 0) return false;
  let rest = digits;
  for (const f of found) rest = rest.replace(f.text, " ");
  return rest.split(/\s+/).every((w) => w === "" || AROUND_A_TIME.has(w));
}
