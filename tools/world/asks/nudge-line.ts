/**
 * What a Spirit nudge line holds, read by everyone who shows it (spirit/daemon/lines.ts writes
 * and reads it; `world query nudges`, the monitor and MCP show its question):
 *
 *   nudge: <question> (heard <speaker>: "<text>") yes: <agent-kind> "<task>"[ need "<need>"]
 *
 * People read the question; the words heard and what a "yes" starts are detail
 * (`offer` in the JSON contract, an expandable line in the monitor).
 *
 * Quoted texts are written without backslashes whenever they can be (quoteText): a
 * backslash in a line is doubled by the log's own escaping, so JSON's `\"Design review\"`
 * read `\\"Design review\\"` in world.log and in `world query`. A text without `"` or `\`
 * is quoted "…" (exactly as JSON would); one with them, “…” (curly quotes, when it has
 * none itself and no control character); only a text with both falls back to JSON.
 */
import { NUDGE_PREFIX } from "./nudge-state.js";

/** What a "yes" to a nudge starts: an agent kind, its task and, when the brain gave one, its success criterion. */
export interface Offer {
  agentKind: string;
  task: string;
  need?: string;
}

/** A quoted text, as quoteText writes it (a JSON string or “…”). */
export const QUOTED = String.raw`(?:"(?:[^"\\]|\\.)*"|“[^“”]*”)`;

const PLAIN = /^[^"\\\p{Cc}\u2028\u2029]*$/u;
const CURLY_SAFE = /^[^“”\p{Cc}\u2028\u2029]*$/u;

export function quoteText(text: string): string {
  if (PLAIN.test(text)) return `"${text}"`;
  if (CURLY_SAFE.test(text)) return `“${text}”`;
  return JSON.stringify(text);
}

/** The text of a quoted string (either form). */
export function unquoteText(quoted: string): string {
  return quoted.startsWith("“") ? quoted.slice(1, -1) : (JSON.parse(quoted) as string);
}

const HEARD_SUFFIX = new RegExp(String.raw` \(heard [^()]*?: ${QUOTED}\)$`);
const OFFER_SUFFIX = new RegExp(String.raw` yes: ([a-z][a-z0-9_-]{0,63}) (${QUOTED})(?: need (${QUOTED}))?$`);

/** The question and the offer of a nudge line's text after `nudge: `. */
export function readNudgeBody(body: string): { question: string; offer?: Offer } {
  const offer = OFFER_SUFFIX.exec(body);
  if (!offer) return { question: body.replace(HEARD_SUFFIX, "") };
  const question = body.slice(0, offer.index).replace(HEARD_SUFFIX, "");
  const need = offer[3] === undefined ? undefined : unquoteText(offer[3]);
  return { question, offer: { agentKind: offer[1]!, task: unquoteText(offer[2]!), ...(need !== undefined && { need }) } };
}

/** A nudge line's question and offer (undefined offer when a yes starts nothing named). */
export function readNudgeLine(output: string): { question: string; offer?: Offer } {
  return readNudgeBody(output.startsWith(NUDGE_PREFIX) ? output.slice(NUDGE_PREFIX.length) : output);
}
