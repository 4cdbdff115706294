// What to hand an agent once the model has said WHAT kind of request it is:
// the task text ("call mom at 5pm") and, for reminders, when. Precise rules
// beat a model here: the words are in the utterance, they only need cutting
// out of the request framing ("can you please remind me to ...").
// Times are found by chrono-node (its English parser only), loaded on the
// first reminder so that starting the Spirit does not pay for it.

import { chronoEn } from "../../tools/calendar/chrono-en.js";
import { withoutFiller } from "./frames.js";
import { core } from "./normalize.js";


// A task text that already starts with one of these needs no verb in front.
const VERB_START =
  /^(?:add|put|place|insert|remove|delete|erase|clear|set|start|create|make|book|reserve|cancel|call|dial|ring|text|message|send|email|tell|let|share|order|buy|purchase|pay|transfer|move|wire|freeze|block|lock|unlock|turn|switch|play|skip|go|schedule|get|find|locate|rent|report|change|reset|replace|apply|request|increase|raise|roll|notify|inform|give|pencil|arrange|write|compose|count|sound|wake|dim|preheat|open|close|search|look|hold|engage|scratch|undo|take|file|submit|mark|proceed|resume|pause|stop|shuffle|queue|have|ping|catch|hire|sign|enroll|modify|update|venmo|zelle|reschedule|reorder|rebook|renew|dm|remind|fly|phone|contact|reply|bring|pick|check|water|feed|walk|return|grab|clean|wish)\b/;
const HOW_TO = /^.*?\b(?:how (?:do|can|could|should|would|might|does|will)(?: i| we| one| you)?|how to|where (?:do|can|could|should|would) (?:i|we|one)|where to|(?:process|steps|procedure|needed|need)(?: required)? (?:to|for))\s+/;

/** Verb put in front of a task that has none ("a flight to rome" -> "book a flight to rome"), by kind. */
const KIND_VERB: Record<string, string> = {
  flight: "book", hotel: "book", car_rental: "rent", reservation: "book", ride: "get", appointment: "schedule", meeting: "schedule",
  payment: "pay", shopping: "order", shopping_list: "add", todo: "add", calendar: "add", media: "play", smart_home: "set", alarm: "set",
  timer: "set", call: "call", message: "send", device: "find", travel_claim: "report", banking: "contact the bank about", hr: "contact hr about",
};

// Problem statements ("my card is broken", "my bags never arrived") get the task they call for.
const PROBLEMS: Array<[RegExp, string]> = [
  [/\b(?:lost|stolen|missing|cannot find|can not find)\b.*\b(?:card|wallet)\b|\b(?:card|wallet)\b.*\b(?:lost|stolen|missing)\b/, "report a lost or stolen card"],
  [/\b(?:card)\b.*\b(?:broken|damaged|cracked|bent|chewed|snapped|ruined|not working|stopped working|demagnetized)\b|\b(?:broken|damaged|cracked|bent)\b.*\bcard\b/, "replace a damaged card"],
  [/\b(?:fraud|fraudulent|hacked|unauthori[sz]ed|without (?:my )?permission|suspicious)\b/, "report fraud on the account"],
  [/\b(?:luggage|bags?|suitcases?|baggage)\b/, "report lost luggage"],
];

export function taskText(kind: string, clause: string, statement: boolean): string {
  let c = core(withoutFiller(clause).replace(HOW_TO, ""));
  c = c.replace(/^(?:i |we )?(?:need|want|would like|like|must|have to|require|am going to need) (?:to )?/, "").trim();
  if (c && VERB_START.test(c)) return c;
  if (statement) for (const [re, task] of PROBLEMS) if (re.test(c)) return task;
  const verb = KIND_VERB[kind] ?? "do";
  return c ? `${verb} ${c}` : `${verb} (${kind})`;
}

// Words that introduce what to be reminded of; the task is what follows the first one.
const REMINDER_CUE =
  /\b(?:remind(?:ed)?(?: me| us| myself)?|reminders?(?: for (?:me|myself))?|forget|remember|note(?: to self)?|tell me|notif(?:y|ied)(?: me)?|(?:alert|ping|nudge|buzz) me|heads up|jog my memory)\b(.*)$/;

const TIME_LIKE =
  /\d|\b(?:today|tonight|tomorrow|yesterday|morning|afternoon|evening|night|noon|midnight|now|hours?|minutes?|days?|weeks?|months?|years?|mon|tues?|wed|thu|thurs|fri|sat|sun|(?:mon|tues|wednes|thurs|fri|satur|sun)day|jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec|[a-z]+uary|march|april|june|july|august|september|october|november|december|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|half|quarter|next|this|last|weekend)\b/;

export interface ReminderSlots {
  task?: string;
  /** The time words as heard ("tomorrow morning", "at 5"), when chrono-node finds one. */
  when?: string;
}

/** "can you remind me at 9 am to take my vitamins" -> task "take my vitamins at 9 am", when "at 9 am". */
export function reminderSlots(t: string): ReminderSlots {
  const m = REMINDER_CUE.exec(t);
  let rest = (m?.[1] ?? t).replace(/ , /g, " ").trim();
  rest = rest.replace(/^(?:(?:to|that|about|of|for|set|up|me|please|,)\s+)+/, "").replace(/\s*(?:please|,)$/, "").trim();
  // "tell me later to call bob" -> "call bob later"
  rest = rest.replace(/^later (?:on )?(?:to |that |about )?(.+)$/, "$1 later");
  // chrono-node is thorough but slow: asked only when there is something time-like to find.
  const found = TIME_LIKE.test(rest) ? chronoEn().parse(rest, new Date(0))[0] : undefined;
  let when: string | undefined;
  if (found) {
    when = found.text;
    // A time in front ("at 9 am to take my vitamins", "tomorrow call bob") moves behind the task.
    if (found.index === 0) {
      const after = rest.slice(found.text.length).replace(/^\s*(?:,\s*)?(?:to |that |about |i have to |i need to )?/, "").trim();
      if (after) rest = `${after} ${when}`;
    }
  }
  rest = rest.replace(/^(?:to remind me |remind me )(?:to |of |about )?/, "").replace(/^(?:to|that|about|of) /, "").trim();
  const slots: ReminderSlots = {};
  if (rest && !/^(?:please|later|again|of something|something|of this later|me|it|this|that)$/.test(rest)) slots.task = rest;
  if (when) slots.when = when;
  return slots;
}
