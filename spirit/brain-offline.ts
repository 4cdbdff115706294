/**
 * The offline brain (the default: no network, no key). What was said is judged by the
 * rule-based intent detector (spirit/intents); this adds what the detector does not
 * know: what to hand an agent, how to ask, and which remarks are worth remembering.
 * It proposes; spirit/decide.ts decides who may ask for what.
 */
import { detectIntent, type Intent } from "./intents/detect.js";
import { toSecondPerson } from "./intents/normalize.js";
import type { Brain, BrainInput, Decision } from "./brain.js";

/** Below this the detector is guessing (e.g. conditional framing): stay quiet. */
const MIN_CONFIDENCE = 0.6;

// Things the user says about themselves that are worth remembering, not acting on.
const SELF_FACT =
  /^(?:(?:well|so|oh|actually|honestly|you know|by the way),? )*(?:i (?:really |absolutely |just |do not |don't )?(?:like|love|prefer|hate|dislike|enjoy|can't stand|cannot stand|am allergic to|am vegetarian|am vegan|don't eat|do not eat|never eat|usually|always)\b|my (?:favorite|favourite|birthday|anniversary|wife|husband|partner|doctor|dentist|flight|address|phone number|email) )/i;

function taskFor(intent: Intent, text: string): string {
  if (intent.kind === "reminder") return intent.task ? `remind me to ${intent.task}` : text;
  return intent.task ?? text;
}

// "my", "me", "I" from someone else are theirs, not the user's: a question built from
// their words would say "your" and mean the wrong person.
const FIRST_PERSON = /\b(?:i|me|my|mine|myself|i'm|i'd|i'll)\b/i;

/** Every proposal carries a question, so the rules can turn a spawn into a nudge. */
function questionFor(intent: Intent, input: BrainInput, task: string): string {
  const { heard } = input;
  if (!heard.isUser && FIRST_PERSON.test(heard.text)) return `Want me to do what ${heard.speaker} asked: ${JSON.stringify(heard.text)}?`;
  if (intent.question) return intent.question;
  if (intent.kind === "reminder") return `Want me to set a reminder to ${toSecondPerson(intent.task ?? task)}?`;
  return `Want me to ${toSecondPerson(task)}?`;
}

// Acknowledgements in front of what is really said ("yeah we should book …"). Speech
// arrives unpunctuated; the detector reads "yeah we should book" as an order to book.
const BACKCHANNEL = /^(?:(?:yeah|yep|yup|yes|ok|okay|right|alright|sure|so|well|um|uh|hmm|oh|and)\b[\s,.!-]*)+/i;

export function withoutBackchannel(text: string): string {
  const rest = text.trim().replace(BACKCHANNEL, "");
  return rest === "" ? text : rest;
}

export class OfflineBrain implements Brain {
  readonly name = "offline";

  async decide(input: BrainInput): Promise<Decision> {
    const { heard } = input;
    const intent = detectIntent(withoutBackchannel(heard.text));
    if (intent.decision !== "quiet") {
      if (intent.confidence < MIN_CONFIDENCE) return { action: "quiet", reason: `unsure (${intent.confidence}): ${intent.reason}` };
      const task = taskFor(intent, heard.text);
      return { action: intent.decision, reason: intent.reason, kind: intent.kind, task, question: questionFor(intent, input, task) };
    }
    if (heard.isUser && SELF_FACT.test(heard.text.trim())) {
      return { action: "observe", reason: "the user said something about themselves", note: `something ${heard.speaker} said about themselves` };
    }
    return { action: "quiet", reason: intent.reason };
  }
}
