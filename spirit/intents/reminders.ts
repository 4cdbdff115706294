// Reminder requests. Checked before any task rule: "set an alarm to remind
// me to feed the cat" is a reminder, not an alarm.
//
// The hard negatives are READS of existing reminders ("what's on my reminder
// list", "is there a reminder for the gutters", "read back my reminders"):
// the word "reminder" is there but nothing is to be created. Those come in a
// question/info frame and carry no creation verb, which is what the checks
// below look at.

import type { Frame } from "./frames.js";

interface ReminderCue {
  re: RegExp;
  why: string;
  confidence: number;
}

const CUES: ReminderCue[] = [
  // "remind me", "remind us", "i need to be reminded", "get reminded"
  { re: /\bremind (?:me|us|myself)\b|\b(?:be|get|got|being) reminded\b|\bremind (?:later|again)\b/, why: "'remind me' phrasing", confidence: 0.95 },
  // "set/create/make/add/need/want a reminder", "new reminder", "reminder for ..."
  {
    re: /\b(?:set|setting|sets|create|creating|make|making|add|adding|new|need|want|like|give|open|schedule|put|get|have|start|write)\b(?: [a-z0-9']+){0,3} reminders?\b/,
    why: "creation verb + 'reminder'",
    confidence: 0.95,
  },
  { re: /^(?:please )?reminders? (?:for|to|that|about|set|please)\b|\bhow about a reminder\b|\breminder set (?:for|up)\b/, why: "bare 'reminder ...' request", confidence: 0.85 },
  // "don't let me forget", "make sure i remember", "make a note to", "note to self"
  {
    re: /\b(?:do not|never) let me forget\b|\bmake sure i (?:remember|do not forget)\b|\bhelp me remember\b|\bmake a note (?:to|that)\b|\bnote to self\b|\bi (?:need|have|want) to remember to\b|\bjog my memory\b/,
    why: "'don't let me forget' / 'make a note' phrasing",
    confidence: 0.85,
  },
  // "tell me to take out the trash in an hour"
  { re: /\btell (?:me|us) to [a-z]+/, why: "'tell me to <do x>' (a deferred prompt)", confidence: 0.8 },
  // "notify me to ...", "alert me when ...", "i need to be notified"
  { re: /\b(?:notify|alert|ping|nudge|buzz) me (?:to|when|at|in|about|before|tomorrow|tonight)\b|\bbe notified\b/, why: "'notify me to ...' phrasing", confidence: 0.8 },
];

// Reading reminders back, or asking what a reminder said.
const LOOKUP =
  /\b(?:my|the) (?:list of reminders|reminders? list|reminders)\b(?! (?:for|to|that|about)\b)|\bremind me (?:what|when|where|who|how|which)\b|\breminders? (?:do i have|are set|did i)\b/;
// An explicit creation request overrides the look-up reading.
const CREATE = /\b(?:set|create|make|add|new|remind me to|remind me about)\b/;

export interface ReminderHit {
  why: string;
  confidence: number;
  task?: string;
}

/** frame = frame of the clause holding the cue. */
export function findReminder(t: string, frameAt: (index: number) => Frame): ReminderHit | undefined {
  for (const cue of CUES) {
    const m = cue.re.exec(t);
    if (!m) continue;
    const frame = frameAt(m.index);
    if (frame === "procedural") return undefined; // "how do i set a reminder": a how-to, answered in conversation
    const isQuestion = frame === "wh" || frame === "yesno" || frame === "info";
    if (isQuestion && !/^(?:can|could|would|will) you\b/.test(t)) return undefined;
    if (LOOKUP.test(t) && !(CREATE.test(t) && !isQuestion)) return undefined;
    return { why: cue.why, confidence: cue.confidence, task: reminderTask(t.slice(m.index)) };
  }
  return undefined;
}

const TIME_FIRST =
  /^((?:(?:for|at|in|on|by|every|this|next) )?(?:\d|tomorrow|tonight|today|this|next|every|later|noon|midnight|an? (?:hour|minute)|(?:mon|tues|wednes|thurs|fri|satur|sun)day|the first|the \d)(?: [a-z0-9:]+){0,5}?) to ([a-z].*)$/;

// What to be reminded of: the words after the cue, minus the glue words.
function reminderTask(tail: string): string | undefined {
  const m =
    /\b(?:remind(?:ed)?(?: me| us| myself)?|reminders?(?: for (?:me|myself))?|forget|remember|note(?: to self)?|tell me|notif(?:y|ied)(?: me)?|(?:alert|ping|nudge|buzz) me)\b(.*)$/.exec(tail);
  let rest = (m?.[1] ?? "").replace(/ , /g, " ").trim();
  // "at 9 am to take my vitamins" -> "take my vitamins at 9 am"
  const timed = TIME_FIRST.exec(rest);
  if (timed?.[1] && timed[2]) rest = `${timed[2]} ${timed[1]}`;
  rest = rest.replace(/^(?:(?:to|that|about|of|for|set|up|me|please|in|,)\s+)+/, "").replace(/\s*(?:please|,)$/, "").trim();
  rest = rest.replace(/^(?:to remind me |remind me )(?:to |of |about )?/, "");
  if (!rest || /^(?:please|later|again|of something|something|of this later|me)$/.test(rest)) return undefined;
  return rest;
}
