// What people say to a voice assistant, as a grammar of forms (after Home Assistant's
// Assist: sentence templates per intent, with slots): setting reminders, alarms and
// timers in the many ways people say them; cancelling, moving and snoozing them; asking
// what is set or on the calendar; and asking for things done on a device or by a
// service. Only what is said TO the assistant alone comes here (spirit/decide/hearing.ts,
// spirit/decide/brain-offline.ts); the learned model (spirit/intents/detect.ts) still judges
// everything the grammar does not recognise.
//
// The grammar only reads the words; spirit/decide/commands.ts decides what is done about them.

import { readRepeat, weekdayOf, withoutRepeat } from "../../agents/reminder/repeat.js";
import { COUNTED_BACK } from "../../agents/reminder/when.js";
import { chronoEn } from "../../tools/calendar/chrono-en.js";
import { isHoliday } from "../../tools/calendar/holidays.js";
import type { ManageRequest } from "../decide/manage.js";
import { normalize } from "./normalize.js";
import { fluent } from "./fluent.js";
import { describes } from "./frames.js";
import { NUMBER, number, spokenTimes, type TimeUse } from "../../tools/calendar/spoken-time.js";

export type WorldTopic = "reminders" | "alarms" | "timers" | "calendar" | "running" | "failed" | "progress" | "waiting" | "overview" | "abilities" | "presence" | "asked" | "time" | "date" | "countdown";

export type Command =
  /** A reminder (or an alarm): what to be reminded of, in the user's words, and when. */
  | { type: "reminder"; what?: string; about: boolean; when?: string; alarm: boolean; /** Said as "to <verb phrase>". */ to?: boolean; /** Said as "that <clause>" ("remind me that the plumber comes at 11"). */ that?: boolean }
  /** A timer; without a duration ("set a timer"), its agent asks how long. */
  | { type: "timer"; duration?: string; label?: string }
  | { type: "manage"; request: ManageRequest }
  | { type: "query"; topic: WorldTopic; when?: string; /** For "progress": the task named ("the flight search"). */ about?: string }
  /** Something to do on a device or by a service: which capability, and the request in clean words. */
  | { type: "task"; capability: string; task: string; when?: string };

// Wake words of the assistants people are used to, and the assistant's own name.
export const WAKE_WORDS = "olly|ollie|olli|siri|alexa|google|cortana|jarvis|computer|assistant";
const WAKE = new RegExp(`\\b(?:hey |ok |okay |hi )?(?:${WAKE_WORDS})\\b,?`, "g");
// Politeness and request framing in front of the verb ("can you please", "i want you to").
const LEAD =
  /^(?:please|kindly|hey|hi|hiya|hello|yo|oi|ok|okay|yes|yeah|yep|so|um|uh|now|just|actually|oh|well|wait|sorry|oops|also|and also|go ahead and|possibly|do me a favou?r and|(?:is|would) it (?:be )?possible (?:for you )?to|is there (?:any )?(?:way|chance) (?:you could|you can|to)|(?:i was |i am |i )?(?:wondering|hoping) (?:if|whether) you (?:could|would|can|might)|i was hoping you (?:could|would)|do you think you (?:could|can|would)|(?:is there )?any chance you (?:could|can|would)|i would (?:really )?(?:appreciate it|be grateful|love it) if you(?: could| would|'d)|if you(?: could| would|'d)|(?:can|could|would|will) (?:you|u)(?: please)?|be able to|(?:i )?reckon you (?:could|can|would)|do you reckon you (?:could|can)|i (?:want|need|would like) you to|i would like(?: to)?|i want(?: to)?|i need(?: to)?|i wish to|i would love(?: to)?|help me|you (?:should|need to|can|must)|make sure you|be sure to|remember to remind me|(?:and|then) )\s+/;
const TRAIL = /\s+(?:please|for me|now|right now|thanks|thank you|ok|okay|(?:that|it) would be (?:great|good|lovely|nice|awesome|perfect|brilliant|helpful))$/;
// "would you mind setting a timer", "mind reminding me": the verb said as a gerund after "mind".
const MIND = /^(?:would you |do you |if you do not )?mind (\w+ing)\b/;
const BASE_OF: Readonly<Record<string, string>> = {
  setting: "set", reminding: "remind", turning: "turn", switching: "switch", playing: "play", putting: "put", sending: "send", calling: "call",
  texting: "text", telling: "tell", checking: "check", adding: "add", making: "make", booking: "book", finding: "find", looking: "look",
  getting: "get", ordering: "order", showing: "show", reading: "read", opening: "open", starting: "start", stopping: "stop", cancelling: "cancel",
  canceling: "cancel", waking: "wake", giving: "give", writing: "write", emailing: "email", dimming: "dim", muting: "mute",
  pausing: "pause", lowering: "lower", raising: "raise", moving: "move", snoozing: "snooze", deleting: "delete", removing: "remove", letting: "let",
};

/** The words with wake words, politeness and clause punctuation taken out. */
function plainRequest(text: string): string {
  // Speech's stumbles, fillers and mended times are not words of the request (fluent.ts).
  let t = fluent(normalize(text).replace(WAKE, " "));
  for (let i = 0; i < 6; i += 1) {
    const next = t
      .replace(LEAD, "")
      .replace(TRAIL, "")
      .replace(MIND, (said, gerund: string) => BASE_OF[gerund] ?? said)
      // "remind me, would you, to call the vet": the question tucked in asks nothing more.
      .replace(/^((?:remind|wake|tell|ping|wake up) me) (?:would|will|could|can) you\b/, "$1")
      // Said the way people say it: "gimme", "lemme", "the washing'll", "can ye", "the morn" (Scots: tomorrow).
      .replace(/\bgimme\b/g, "give me")
      .replace(/\blemme\b/g, "let me")
      .replace(/\b([a-z]+)'ll\b/g, "$1 will")
      .replace(/^(can|could|will|would) ye\b/, "$1 you")
      .replace(/\bthe morn\b(?! (?:of|before|after)\b)/g, "tomorrow")
      // "sometime this weekend": a time kept vague before one said is no time of its own.
      .replace(/\b(?:sometime|some time|at some point)\s+(?=(?:this|next|tomorrow|today|tonight|on|in|later)\b)/g, "")
      // "a week on friday", "wednesday week": that day next week, as said in Britain.
      .replace(/\ba week on (monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b/g, "$1 next week")
      .replace(/\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday) week\b/g, "$1 next week")
      // Nigerian Pidgin: "abeg" (please), "make i buy" (that I buy).
      .replace(/^abeg\b\s*/, "")
      .replace(/\bmake (?:i|we) (?=[a-z])/g, "to ")
      // "weekday mornings at seven": every weekday, in the morning, as the repetition's reader says it.
      .replace(/\b(?:on )?weekday (morning|evening|night)s\b/g, "every weekday $1")
      // "call me sister": "me" for "my", as said in Ireland, the north of England and the Caribbean.
      .replace(/\bme (?=(?:sister|brother|mum|mam|mom|ma|dad|da|nan|nana|gran|granny|wife|husband|missus|kids|son|daughter|mate|mates|friend|boss|car|keys|phone)\b)/g, "my ")
      // "please do remind me": "do" only stresses the verb.
      .replace(/^do (?=(?:remind|wake|set|tell|let|give|ping|nudge|make sure)\b)/, "")
      // "tomorrow morning itself": "itself" after a time stresses it (Indian English), no word of what to do.
      .replace(/\b((?:today|tonight|tomorrow|morning|afternoon|evening|night|now|(?:mon|tues|wednes|thurs|fri|satur|sun)day|\d(?:am|pm)?|o'?clock)) itself\b/g, "$1")
      // "don't let me sleep past eight": wake me then.
      .replace(/^(?:do not|dont) let me (?:sleep|lie in|oversleep)(?: in)? (?:past|beyond|after|later than) /, "wake me at ")
      .trim();
    if (next === t) break;
    t = next;
  }
  return t;
}

const THING = "alarms?|alarm clock|reminders?|timers?|events?|meetings?|appointments?|calendar|schedule|agenda|wake ?up calls?|notifications?";
const ONE = new RegExp(`\\b(?:${THING})\\b`);
const PRONOUN = /^(?:it|that|this|them|those|these|all|everything)\b/;

const CANCEL = /^(?:find and )?(?:cancel|delete|remove|clear|erase|disable|deactivate|unset|turn off|switch off|shut off|stop|drop|scrap|kill|get rid of|call off|take off|discard|forget|undo|never ?mind|no longer need)\b\s*(?:about\s+)?(.*)$/;
// "do not remind me about the plumber": the reminder about it is not wanted.
const DO_NOT_REMIND = /^(?:do not|never|no need to) remind me(?: (?:about|of|to))? (.+)$/;
// "push the pills reminder back an hour", "delay my alarm by ten minutes": later by a duration.
const PUSH_BACK = /^(?:(?:push|move|put|set|bump|shift) (.+?) back|(?:delay|postpone|push back|put off) (.+?)) (?:by |for |another )?((?:an?|\d+(?:\.\d+)?|[a-z]+(?: [a-z]+)?) (?:hours?|minutes?|mins?|hrs?)(?: and (?:a half|\d+ minutes?))?)(?: later)?$/;
const NO_NEED = new RegExp(`^(?:i (?:do not|don't|no longer) (?:need|want)|no (?:need for|more)) (?:my |the |that |this |an? )?(?:[\\w':.]+ ){0,3}?(?:${THING})\\b(.*)$`);
const MOVE = /^(?:move|push|reschedule|postpone|change|shift|delay|bump|put off|set back|reset)\b\s*(.*?)\s+\b(?:to|till|until|for|at|by)\b\s+(.+)$/;
// A session named by what it is ("stop that agent", "cancel the flight search"): closed like `world close`.
const SESSION_NAMED = /\b(?:agents?|sessions?|search(?:es)?|jobs?|tasks?|watch(?:es|ing)?|lookups?|downloads?|uploads?|research|check(?:s|ing)?|reports?|summary|summaries|drafts?|analysis|translation|backups?|builds?|scans?|comparison)\b/;
// A call on the calendar, named by its time or how often: "my five pm call", "the daily call" (not "this call").
const SCHEDULED_CALL = new RegExp(`\\b(?:\\d|am|pm|o'?clock|${NUMBER}|daily|weekly|monthly|morning|afternoon|evening|conference|video|zoom|team|\\w+day(?:'s)?) calls?\\b`);
const CLOSE = /^(?:close|end|abort|quit|terminate|halt)\b\s*(.*)$/;
const SNOOZE = /^(?:snooze|give me (?:5|five|ten|10) more minutes)\b\s*(.*)$/;
// "five more minutes", "ten more minutes please": said to a ringing alarm, a snooze for that long.
const MORE_MINUTES = /^(?:give me |just |another )?((?:\d+|[a-z]+) more minutes?|another (?:\d+|[a-z]+) minutes?)$/;

// Something one has at a time, named by what it is ("my dentist", "book club", "lunch with priya")
// or by its time ("my three o'clock"): what "push back", "reschedule" and "cancel" mean on a calendar.
const SCHEDULED = new RegExp(
  `\\b(?:meetings?|appointments?|events?|party|lunch|dinner|breakfast|brunch|practice|class|lesson|game|match|interview|visit|reunion|concert|conference|club|haircut|dentist|doctor|check ?up|physio|therapy|session|training|rehearsal|call)\\b|^(?:my|the) (?:\\d{1,2}(?::\\d\\d)?|${NUMBER})(?: o'?clock| ?[ap]m)?$`,
);
// "the haircut on saturday, move it to twelve": what is meant first, then the verb with "it".
const NAMED_FIRST = /^((?:the|my|that) .+?) (move|push|shift|reschedule|postpone|cancel|delete) it\b(.*)$/;
// "make tomorrow's alarm fifteen minutes later": later by a duration, as a push back.
const LATER_BY = new RegExp(`^(?:make|set|put) (.+?) ((?:an?|\\d+(?:\\.\\d+)?|${NUMBER}) (?:hours?|minutes?|mins?|hrs?)) (later|earlier)$`);

const ADD_TO = new RegExp(`^(?:add|put|stick|pop|chuck|whack|bung) (?:another |an extra |on )?((?:an?|\\d+|${NUMBER}) (?:more )?(?:minutes?|mins?|seconds?|hours?))(?: more)? (?:on )?(?:to|onto|on) ((?:the|my|that|this) (?:\\w+ )?(?:timer|alarm|reminder))$`);
const WAS_MOVED = /^((?:my|the|our) .+?) (?:got|has been|have been|was|were|is|is being) (?:moved|changed|pushed|rescheduled|put back|brought forward) to (.+?)(?:,? (?:so )?(?:can you |could you |please )?(?:update|change|fix|move) (?:it|that|them|my calendar))?$/;
// A number said alone, in words ("to four") or in words or digits ("timer ten").
const NUMBER_WORDS = new RegExp(`^${NUMBER}$`);
const NUMBER_ALONE = new RegExp(`^(?:${NUMBER}|\\d{1,3})$`);
// A time just set, corrected: "sorry i meant four not five", "no change the alarm to seven not eleven",
// "actually make that timer fifteen minutes not ten". What is corrected is the one just set.
const CORRECTION = new RegExp(
  `^(?:(?:no|nope|sorry|oops|actually|wait|oh|my mistake)\\s+)*(?:i (?:meant|said)|make (?:it|that)(?: (?:alarm|reminder|timer))?|(?:change|set|move|make) (?:it|that|(?:the|my) (?:alarm|reminder|timer))(?: to| for)?)\\s+(.+?)\\s+not\\s+(?:${NUMBER}|\\d[\\d:]*|(?:mon|tues|wednes|thurs|fri|satur|sun)day|today|tomorrow|tonight)(?:\\s+(?:minutes?|mins?|hours?|o'?clock|am|pm))?(?:\\s+(?:move|change|fix) (?:it|that|the (?:alarm|reminder|timer)))?$`,
);
const MARK_DONE = /^(?:mark|tick|check) (?:off )?(.+?)(?: off)?(?: as)? (?:done|complete|completed|finished)$|^(?:tick|check|cross) (.+?) off$/;

/** "sorry i meant four not five": the one just set, moved to the time said; a timer said with a length runs that long from now. */
function correction(said: string): Command | undefined {
  const m = CORRECTION.exec(said);
  if (!m) return undefined;
  const said1 = m[1]!.replace(/^(?:to|for|at)\s+/, "");
  const timer = /\btimer\b/.test(said) || /\b(?:minutes?|mins?|seconds?|hours?)\b/.test(said1);
  if (timer) {
    const length = forHowLong(said1);
    return length === undefined ? undefined : { type: "manage", request: { verb: "move", target: "that timer", to: `in ${length}` } };
  }
  const to = NUMBER_WORDS.test(said1) ? String(number(said1)) : said1;
  const time = spokenTimes(to, /\balarm\b/.test(said) ? "alarm" : "reminder");
  if ([time, `at ${time}`, `on ${time}`].every((t) => chronoWhen(t) === undefined)) return undefined;
  return { type: "manage", request: { verb: "move", target: /\balarm\b/.test(said) ? "that alarm" : "it", to: time } };
}

function manage(said: string): Command | undefined {
  // "forget it", "never mind": the user letting go of what they were saying, not a cancel.
  if (/^(?:forget|never ?mind)(?: (?:it|that|about it|about that))?$/.test(said)) return undefined;
  const corrected = correction(said);
  if (corrected) return corrected;
  const first = NAMED_FIRST.exec(said);
  const t = first ? `${first[2]} ${first[1]}${first[3]}` : said;
  const laterBy = LATER_BY.exec(t);
  // Not "set an alarm for six and another an hour later": a new one, not one set before.
  if (laterBy && (ONE.test(laterBy[1]!) || SCHEDULED.test(laterBy[1]!)) && !/^(?:a|an|another|new)\b|\band\b/.test(laterBy[1]!)) {
    // Earlier has no verb of its own: a move, whose "15 minutes earlier" the executor asks about when it cannot read it.
    const by = spokenTimes(laterBy[2]!, "reminder");
    return { type: "manage", request: laterBy[3] === "later" ? { verb: "snooze", target: target(laterBy[1]!), to: by } : { verb: "move", target: target(laterBy[1]!), to: `${by} earlier` } };
  }
  // "add five minutes to the timer": later by that long.
  const added = ADD_TO.exec(t);
  if (added) return { type: "manage", request: { verb: "snooze", target: target(added[2]!), to: spokenTimes(added[1]!, "alarm") } };
  // "mark the prescription reminder as done": finished with, so no longer wanted.
  const done = MARK_DONE.exec(t);
  const ticked = done?.[1] ?? done?.[2];
  if (ticked !== undefined && ONE.test(ticked)) return { type: "manage", request: { verb: "cancel", target: target(ticked) } };
  // "my meeting tomorrow got moved to three, can you update it": moved elsewhere, to be moved here too.
  const wasMoved = WAS_MOVED.exec(t);
  const movedTo = wasMoved === null ? undefined : spokenTimes(`at ${wasMoved[2]}`, "reminder");
  // Moved to a time, it is something on the calendar, whatever it is called ("my review").
  if (wasMoved && movedTo !== undefined && chronoWhen(movedTo) !== undefined) return { type: "manage", request: { verb: "move", target: target(wasMoved[1]!), to: movedTo.replace(/^at (?=(?:today|tonight|tomorrow|next|this|on)\b)/, "") } };
  const push = PUSH_BACK.exec(t);
  const pushed = push?.[1] ?? push?.[2];
  if (push && pushed !== undefined && (ONE.test(pushed) || PRONOUN.test(pushed) || SCHEDULED.test(pushed))) {
    // Later than it was due by that long: what snoozing a reminder that has not rung does (agents/reminders.ts).
    return { type: "manage", request: { verb: "snooze", target: target(pushed), to: spokenTimes(push[3]!, "reminder") } };
  }
  const notWanted = DO_NOT_REMIND.exec(t);
  if (notWanted) return { type: "manage", request: { verb: "cancel", target: target(`reminder ${notWanted[1]}`) } };
  const more = MORE_MINUTES.exec(t);
  const moreFor = more === null ? undefined : forHowLong(more[1]!.replace(/\b(?:more|another) /, ""));
  if (moreFor !== undefined) return { type: "manage", request: { verb: "snooze", target: "", to: moreFor } };
  const snooze = SNOOZE.exec(t);
  if (snooze) return { type: "manage", request: { verb: "snooze", target: target(snooze[1]!), ...(forHowLong(snooze[1]!) && { to: forHowLong(snooze[1]!)! }) } };
  const move = MOVE.exec(t);
  if (move && !/^(?:a|an|new|another)\b/.test(move[1]!) && (ONE.test(move[1]!) || PRONOUN.test(move[1]!) || SCHEDULED.test(move[1]!) || /^(?:reschedule|postpone)\b/.test(t)) && !/\b(?:volume|lights?|colou?r|music|song)\b/.test(move[1]!)) {
    // "to four": an hour said alone in words, as the digit the executor reads beside the reminder's own time (spirit/decide/manage.ts).
    const to = NUMBER_WORDS.test(move[2]!) ? String(number(move[2]!)) : move[2]!;
    return { type: "manage", request: { verb: "move", target: target(move[1]!), to: spokenTimes(to, /\balarm/.test(move[1]!) ? "alarm" : "reminder") } };
  }
  // "turn the alarm off", "take the gym session off my calendar": the particle said after what is cancelled.
  const cancel = CANCEL.exec(
    t
      .replace(/^(turn|switch|shut) (.+?) off(?: (?:it is|its|it's|because|cause|as|since|please)\b.*)?$/, (said, verb: string, what: string) => (ONE.test(what) ? `${verb} off ${what}` : said))
      .replace(OFF_CALENDAR, "remove $1 from $2$3"),
  );
  if (cancel && /^(?:cancel|delete)$/.test(t)) return { type: "manage", request: { verb: "cancel", target: "" } };
  const close = CLOSE.exec(t);
  const named = cancel?.[1] ?? close?.[1];
  if (named !== undefined && SESSION_NAMED.test(named) && !/\b(?:lists?|history|account|subscription|order|cart|browser|tabs?|window|app)\b/.test(named)) {
    return { type: "manage", request: { verb: "cancel", target: target(named) } };
  }
  if (cancel && (ONE.test(cancel[1]!) || SCHEDULED_CALL.test(cancel[1]!) || ((EVENT_THING.test(cancel[1]!) || SCHEDULED.test(cancel[1]!)) && !/^(?:stop|turn off|switch off|shut off|kill)\b/.test(t)) || (PRONOUN.test(cancel[1]!) && !/\b(?:list|music|song|lights?|tv|radio)\b/.test(cancel[1]!)))) {
    if (/\bfrom (?:my |the )?(?:[\w-]+ ){0,2}list\b/.test(cancel[1]!)) return undefined;
    return { type: "manage", request: { verb: "cancel", target: target(cancel[1]!) } };
  }
  // "make my calendar free on friday", "make blank on july 3 calendar": clearing it.
  if (/^(?:make|leave|keep|set) (?:\w+ ){0,3}?(?:blank|empty|free|clear)\b/.test(t) && /\b(?:calendar|schedule|agenda|day)\b/.test(t)) return { type: "manage", request: { verb: "cancel", target: t } };
  const noNeed = NO_NEED.exec(t);
  if (noNeed) return { type: "manage", request: { verb: "cancel", target: target(t.replace(/^.*?(?:need|want|need for|more) /, "")) } };
  return undefined;
}

function target(words: string): string {
  return words.replace(/\s+(?:please|for me|any ?more|any longer)$/, "").trim();
}

function forHowLong(words: string): string | undefined {
  return /\b(\d+|\w+) (minutes?|mins?)\b/.exec(spokenTimes(words, "alarm"))?.[0];
}

// Questions about what the assistant has set or is doing, answered from the log.
const ASKING =
  /^(?:(?:at )?what time|what|which|when|whats|what is|what are|how many|do i have|have i got|are there|is there|is my|are my|show|list|tell me|read|check(?: ?out)?|give me|any|am i|did i|did you|did my|has my|have you|(?:is|did|has) (?:anything|something)|where|who|how|can you (?:tell|show|list|read|check))\b/;

// "is the flight search done", "how is the download going", "any news on the research": one named task's state.
const PROGRESS = [
  /^(?:is|are) (?:the|my|that|your) (.+?) (?:done|finished|ready|over|complete|completed)(?: yet)?$/,
  /^(?:did|has|have) (?:the|my|that|your) (.+?) (?:finish|finished|work|worked|succeed|succeeded|complete|completed|end|ended|fail|failed)(?: yet)?$/,
  /^how (?:is|are) (?:the|my|that|your) (.+?) (?:going|coming along|doing)$/,
  /^(?:any )?(?:news|updates?|progress) (?:on|about|with) (?:the|my|that|your) (.+)$/,
  /^what (?:happened|is happening) (?:to|with) (?:the|my|that|your) (.+)$/,
  /^(?:what is the )?status of (?:the|my|that|your) (.+)$/,
  /^why (?:did|has) (?:the|my|that|your) (.+?) (?:fail|failed|stop|stopped|not work|not finish)$/,
];

// "are you still working on the laptops", "have you finished my report": the assistant's own work, whatever the words name.
const YOUR_WORK = /^(?:(?:are|were) you (?:still )?(?:working on|doing|busy with|done with|finished with)|(?:have|did) you (?:finish(?:ed)?|do(?:ne)?|complete(?:d)?)) (?:the|my|that|your) (.+?)(?: yet)?$/;
// "did you remind me about the dentist": how that reminder went (a reminder's words name it; no task word needed).
const REMINDED = /^(?:did|have|has) (?:you|it) (?:remind(?:ed)?|tell|told|warn(?:ed)?) me (?:about|of|to) (.+?)(?: yet)?$/;
// "what can you do", "how can you help me": what the assistant does.
const ABILITIES = /^(?:what (?:can|could|do) you do(?: for me)?|what (?:are you|is it) (?:able to do|able to help(?: me)? with|capable of|good for|for)|(?:what|how) can you help(?: me)?(?: with)?|what do you know how to do|what are your (?:skills|abilities|features)|help|what can i (?:ask|say)(?: you)?)$/;
// "how do i set an alarm on you", "how do i use you": how to ask, which the abilities line says.
const HOW_TO_USE = /^how (?:do|can|would|should) (?:i|we) (?:\w+ ){1,4}?(?:on|with|using|through) (?:you|this|this thing)$|^how do (?:i|we) (?:use|talk to) (?:you|this)$|^how do you work$/;
// "did you hear what she said in the meeting", "did you see the match": talk about something seen or heard, not the calendar.
const TALK_ABOUT = /^(?:did|have) you (?:hear|see|watch|read|notice|catch|know|like|enjoy|get)\b(?! (?:my|the|that|any) (?:reminders?|alarms?|timers?|messages?)\b)/;
// "are you there", "can you hear me": is the assistant listening.
const PRESENCE = /^(?:(?:are you|you) (?:there|listening|awake|on|still there|with me)|(?:can you )?hear me|(?:is )?anyone (?:there|listening))$/;
// "what did i just ask you", "what have i asked you to do today": the user's latest requests.
const ASKED = /^(?:what (?:did|have) i (?:just )?(?:ask(?:ed)?|told|tell) you(?: to do)?(?: today| so far| earlier)?|what was the last thing i (?:asked|told)(?: you)?(?: to do)?|what (?:did|have) you (?:just )?(?:start(?:ed)?|set up)(?: for me)?(?: today)?)$/;
// "what did you find", "any results yet": the latest of the world.
const RESULTS = /^(?:what did you (?:find|find out|come up with|get)|(?:any|what are the) results(?: yet)?|what is the latest|how did it go)$/;
// "what time is it", "what's the date today": the clock and the calendar here (not "what time is it in tokyo").
const CLOCK_TIME = /^(?:what time is it|what is the time|(?:what|which) time have you got|do you have the time|(?:tell me|give me) the time|the time|time please|what is the (?:current|exact) time|current time)(?: now| right now| please)?$/;
const TODAYS_DATE = /^(?:what is (?:the date|today'?s date|the date today|today)|what(?: is the)? date is it(?: today)?|what day is it(?: today)?|which day is (?:it|today)|what day of the week is it|(?:tell me|give me) (?:the|today'?s) date|today'?s date)(?: today| please)?$/;
// "what's the date next friday", "what day is christmas on this year", "what day of the week is the 14th",
// "when is easter", "how many days until halloween": a day's date, or how far off it is, from the clock
// (the day is read by dayNamed; "when is my dentist appointment" names none and asks the calendar).
const DATE_OF = /^(?:what|which) (?:is )?(?:the )?(?:date|day(?: of the week)?) (?:is |was |will be |falls on |is it |of |for |on )?(.+?)(?: (?:on|fall on|falls on|fall))?(?: this year| next year)?$/;
const WHEN_IS = /^when (?:is|will be|does) (.+?)(?: (?:this|next) year)?(?: fall| be)?$/;
const COUNTDOWN = /^(?:how (?:many|much) (?:more )?(?:days|weeks|time|sleeps) (?:is it |are there |is there |are left |is left |left |to go |do i have |do we have )?|how long (?:is it |is there |do i have |do we have |have i got |have we got )?|(?:start|set|begin|create|give me|show me|do) (?:a |the |me a )?count ?down (?=to|until|till))(?:until|till|til|to|before) (.+?)(?: (?:this|next) year)?$/;
// "what time is it in tokyo": a city's clock, from the time zones the runtime knows.
// Not "… in india when it is noon in the us": a conversion, which it does not read.
const TIME_IN = /^(?:what time is it|what is the time|what is the current time|what time) in (?!.*\b(?:when|if|after|before|while)\b)((?:[\w']+ ?){1,5}?)(?: (?:now|right now))?$/;
// "how much time is left": the timers.
const TIME_LEFT = /^how (?:much time|long) (?:is |do i have )?(?:left|remaining|to go)$/;

// "do you need anything from me", "what are you waiting on": the sessions that wait for the user's answer.
const WAITING =
  /^(?:do you need (?:anything|something)|is there anything you need|what do you need(?: from me)?|(?:what )?are you waiting (?:on|for)(?: me)?|what is stuck|is (?:anything|something) stuck|what needs (?:me|my (?:answer|attention|input|help|ok))|does (?:anything|something) need (?:me|my (?:answer|attention|input|help|ok))|(?:is there )?anything (?:waiting|for me to answer))\b/;
// "status report", "catch me up", "what did you do today": the whole world in one line.
const OVERVIEW =
  /^(?:(?:what is|give me|can i have|can i get|i want|i would like) (?:the |a |an |my )?(?:status|update|status report|status update|summary|rundown|overview|quick update)|status(?: report| update)?|(?:catch|fill) me (?:up|in)|bring me up to speed|what is new|what did i miss|what happened (?:while i was (?:away|out|gone|asleep)|today|overnight|since (?:i left|this morning))|what have you (?:done|been doing|been up to)(?: today)?|what did you (?:do|get done)(?: today)?|(?:is )?(?:anything|something) (?:pending|outstanding|open|left to do)|what is (?:pending|outstanding|left to do))$/;

function query(t: string): Command | undefined {
  for (const form of PROGRESS) {
    const about = form.exec(t)?.[1];
    if (about !== undefined && SESSION_NAMED.test(about)) return { type: "query", topic: "progress", about };
  }
  const reminded = REMINDED.exec(t)?.[1] ?? YOUR_WORK.exec(t)?.[1];
  if (reminded !== undefined) return { type: "query", topic: "progress", about: reminded };
  if (WAITING.test(t)) return { type: "query", topic: "waiting" };
  if (OVERVIEW.test(t) || RESULTS.test(t)) return { type: "query", topic: "overview" };
  if (ABILITIES.test(t) || HOW_TO_USE.test(t)) return { type: "query", topic: "abilities" };
  if (PRESENCE.test(t)) return { type: "query", topic: "presence" };
  if (ASKED.test(t)) return { type: "query", topic: "asked" };
  if (TIME_LEFT.test(t)) return { type: "query", topic: "timers" };
  if (CLOCK_TIME.test(t)) return { type: "query", topic: "time" };
  if (TODAYS_DATE.test(t)) return { type: "query", topic: "date" };
  const place = TIME_IN.exec(t)?.[1];
  if (place !== undefined) return { type: "query", topic: "time", about: place };
  const countdown = COUNTDOWN.exec(t)?.[1];
  if (countdown !== undefined && dayNamed(countdown, new Date(0)) !== undefined) return { type: "query", topic: "countdown", about: countdown };
  const dateOf = DATE_OF.exec(t)?.[1] ?? WHEN_IS.exec(t)?.[1];
  if (dateOf !== undefined && dayNamed(dateOf, new Date(0)) !== undefined) return { type: "query", topic: "date", about: dateOf };
  // "give me a timer for ten minutes", "can you give me a reminder to …": asked for, not asked about.
  // "when the washing finishes, i need a reminder to …": a moment, then the request.
  if (!ASKING.test(t) || /^give me (?:a|an|another|one) (?:\w+ )?(?:timers?|alarms?|reminders?|wake ?up call|heads up|nudge|shout|buzz|bell|ring)\b/.test(t) || CONDITION_LEAD.test(t) || TALK_ABOUT.test(t)) return undefined;
  const when = dayWhen(spokenTimes(t, "reminder"));
  const at = when === undefined ? {} : { when };
  if (/\b(?:alarms?|wake ?up)\b/.test(t)) return { type: "query", topic: "alarms", ...at };
  if (/\breminders?\b|^what (?:did|have) i (?:ask(?:ed)?|told) you to remind me\b/.test(t)) return { type: "query", topic: "reminders", ...at };
  if (/\btimers?\b/.test(t)) return { type: "query", topic: "timers", ...at };
  if ((/\b(?:calendar|schedule|agenda|meetings?|appointments?|events?|plans|diary|busy|free)\b/.test(t) || /^(?:(?:do i have|have i got|is there) anything on|what (?:have i got|do i have|is|am i doing|is happening)(?: on)?)(?: (?:today|tonight|tomorrow|(?:this|next) (?:morning|afternoon|evening|week|weekend|month|\w+day)|\w+day|the weekend|at the weekend|the \d{1,2}(?:st|nd|rd|th)?))+$/.test(t)) && !/\b(?:weather|news|recipe|movie|concert|game)\b/.test(t))
    return { type: "query", topic: "calendar", ...at };
  if (/\b(?:running|at work|working on|agents?|tasks? (?:are|is)|doing right now)\b/.test(t) && /\b(?:you|agents?|tasks?)\b/.test(t)) return { type: "query", topic: "running" };
  // Said to the assistant alone, short: "what is running", "is anything running", "what are you doing", "any updates".
  if (/^(?:what is|what are|is (?:anything|something)(?: still)?|are (?:any|there any)(?: \w+)?) (?:running|going on|still running|at work)$|^what are you (?:doing|up to|busy with)$|^any (?:updates|progress|news)$/.test(t)) return { type: "query", topic: "running" };
  if (/\b(?:fail(?:ed|s)?|went wrong|broke|errors?)\b/.test(t) && /\b(?:what|which|did|any|anything|something)\b/.test(t) && !/\b(?:why did the|stock|market|exam|test|class|course|business|marriage|relationship)\b/.test(t)) return { type: "query", topic: "failed" };
  return undefined;
}

/**
 * The one day the words name, read forward from now ("next friday", "christmas", "the 14th"),
 * or undefined when they name none, or more than a day ("my birthday", "the meeting on friday").
 */
export function dayNamed(words: string, now: Date): { said: string; at: Date } | undefined {
  const spoken = spokenTimes(/^the \w/.test(words) ? `on ${words}` : words, "reminder");
  const found = chronoEn().parse(spoken, now, { forwardDate: true })[0];
  if (found === undefined || (found.end ?? null) !== null) return undefined;
  const left = spoken.replace(found.text, "").replace(/\b(?:on|the|this|that|day|date|it|of|in|a)\b/g, "").trim();
  return left === "" ? { said: found.text.replace(/^on /, ""), at: found.start.date() } : undefined;
}

/** The time a question asks about, the one naming a day first ("my afternoon schedule tomorrow": "tomorrow"). */
function dayWhen(t: string): string | undefined {
  if (!TIME_SAID.test(t)) return undefined;
  const found = chronoEn().parse(t, new Date(0));
  return (found.find((r) => r.start.isCertain("day") || r.start.isCertain("weekday")) ?? found[0])?.text;
}

// A word chrono-node needs to find a time: before it, the costlier parse is not run.
const TIME_SAID = /\d|\b(?:today|tonight|tomorrow|morning|afternoon|evening|week|weekend|month|monday|tuesday|wednesday|thursday|friday|saturday|sunday|next|noon|midnight)\b/;

function chronoWhen(t: string): string | undefined {
  if (!TIME_SAID.test(t)) return undefined;
  return chronoEn().parse(t, new Date(0))[0]?.text;
}

// Setting something for later.
// "set a five minute timer for the eggs", "pasta timer eleven minutes", "start a countdown for an hour":
// the words before the noun are its duration or its name; "time me for half an hour"; "let me know when ten minutes are up".
const TIMER = /^(?:(?:set|start|put on|put|make|create|begin|run|give me|get me|i need|i want|need|want)(?: me| us)? )?(?:a |an |the |my |another |one more )?(?:new |second |third |quick |little )?((?:[\w.']+ ){0,3}?)(?:timer|countdown)\b(?: on\b)?\s*(?:(?:for|of|to)\b\s*)?(.*)$/;
const TIME_ME = /^time (?:me|us|this|it) (?:for )?(.+)$/;
const WHEN_UP = /^(?:let me know|tell me|alert me|ping me|notify me|warn me) when (.+?) (?:is|are|has|have) (?:up|passed|gone by|over|gone)$/;
// A duration in numbers; a bare number after an hour counts minutes ("one hour fifteen"), after minutes seconds.
const DURATION = /\b(\d+(?:\.\d+)?) ?(seconds?|secs?|minutes?|mins?|hours?|hrs?)\b(?:,?(?: and)? (\d+)(?: ?(seconds?|secs?|minutes?|mins?))?\b)?/;
// "one hour fifteen": the number after the unit, said in words.
const NUMBER_AFTER_UNIT = new RegExp(`(\\d (?:hours?|minutes?),?(?: and)? )(${NUMBER})\\b`);
// What a timer's name never starts with: a speaker ("i bought a ten minute timer") or a thing pointed at.
const NOT_A_NAME = /^(?:i|we|you|he|she|they|it|this|that|there|what|which|how|is|are|was)\b/;

/** A timer asked for, with its duration in numbers and its name; undefined when no duration is said. */
function timerOf(t: string): Command | undefined {
  const timer = TIMER.exec(t);
  const said = timer ? [timer[1]!.trim(), timer[2]!] : [TIME_ME.exec(t)?.[1] ?? WHEN_UP.exec(t)?.[1], ""];
  if (said[0] === undefined || NOT_A_NAME.test(said[0])) return undefined;
  const spoken = spokenTimes(`${said[0]} , ${said[1]}`, "alarm")
    .replace(/\bhalf an hour\b/g, "30 minutes")
    .replace(/\ban? (hour|minute|second)\b/g, "1 $1")
    // "one hour fifteen": the number after the unit, in words too.
    .replace(NUMBER_AFTER_UNIT, (_m, before: string, n: string) => `${before}${number(n)}`);
  // "timer ten": minutes, when no unit is said.
  const bare = /^,?\s*(\S.*)$/.exec(spoken.trim())?.[1] ?? "";
  const d = DURATION.exec(spoken) ?? DURATION.exec(NUMBER_ALONE.test(bare) ? `${/\d/.test(bare) ? bare : number(bare)} minutes` : "");
  if (!d) return undefined;
  const [, amount, unit, more, moreUnit] = d as unknown as [string, string, string, string | undefined, string | undefined];
  const next = moreUnit ?? (/^h/.test(unit) ? "minutes" : "seconds");
  const duration = `${amount} ${unit}${more === undefined ? "" : ` and ${more} ${next}`}`.replace(/\b(1 \w+?)s\b/g, "$1").replace(/\b(?!1 )(\d+(?:\.\d+)? (?:second|minute|hour))\b(?!s)/g, "$1s");
  // A duration read from a bare number leaves nothing to name the timer.
  const label = (d.input === spoken ? spoken : "")
    .replace(d[0], " ")
    .replace(/\b(?:for (?:me|us)|(?:starting |from )?now|starting|please)\b/g, " ")
    .split(",")
    .map((w) => w.replace(/^\s*(?:(?:and|for|to|called|named|labell?ed|the|my|me|us)\b\s*)+/g, " ").replace(/\b(?:for|and|called|named|the|my|please|now)\s*$/, "").trim())
    .filter((w) => w !== "")
    .join(" ")
    .replace(/^(?:(?:for|the|my|called|named)\s+)+/, "");
  return { type: "timer", duration, ...(label && label.split(" ").length <= 6 && { label }) };
}
const ALARM = /^(?:(?:set|create|make|add|put on|put|schedule|start|give me|get me|i need|i want|need|want|wake up) )?(?:up )?(?:me |us )?(?:a |an |my |the |me |another |one )?(?:new )?(?:(daily|weekly|weekday|recurring|repeating|regular) )?(?:wake ?up |morning )?(?:alarm(?: clock)?|wake ?up call|wakeup)\b\s*(.*)$/;
const WAKE_ME = /^(?:(?:to )?(?:wake|get) up(?= (?:at|by|in|on|tomorrow|early|before)\b)|wake me|get me up|wake up me|rouse me|i (?:want|need|would like|have) to (?:wake|get) up|i (?:want|need) to be (?:woken|up)|be (?:woken|awoken)|be up(?= (?:at|by|before|in time)\b)|(?:i )?(?:need|want) waking(?: up)?|waking(?: me)?(?: up)?(?= (?:at|by|tomorrow|on)\b)|(?:make sure )?(?:that )?i am (?:up|awake)(?= (?:at|by|before|for|in time)\b))\b\s*(?:up\b)?\s*(.*)$/;
const REMIND =
  /^(?:remind(?:er)?(?: me| us| myself)?|(?:do not|don't) (?:let me )?forget|(?:let me|lemme) (?:know|remember)|tell me|alert me|notify me|ping me|warn me|buzz me|nudge me|give (?:me|us) a (?:reminder|heads up|shout|nudge|bell|buzz)|remember(?: me)?|note(?: down)?|(?:jot|write) down(?= that)|(?:to )?(?:be|get) reminded|(?:i )?need reminding|reminding(?: me)?(?= (?:to|about|of|that|at|on|in|by|tomorrow|tonight|today|next|this|every)\b)|make sure (?:that )?(?:i|we) (?:do not|never) forget(?: to| about)?|make sure (?:to|(?:that )?(?:i|we)(?= \w)))\b\s*(.*)$/;
const ON_ARRIVAL = /^(when (?:i|we) (?:get (?:home|back|there|here|to (?:the |my )?\w+)|arrive(?: home| there| at (?:the |my )?\w+)?|come (?:home|back|in)|leave(?: (?:work|the office|home))?|wake up|finish work|am (?:home|back|done|there)))(?: ,)? (?:to |that |about )?(.+)$/;
const SET_REMINDER =
  /^(?:set|create|make|add|put|schedule|give me|send me|i need|i want|new|save|enter|write|leave|book|setup|set up|place)\s+(?:(?:up|in|down)\s+)?(?:a |an |my |me |the |new |one )*(?:new )?(?:calendar |event |repeating |recurring |(daily|weekly|monthly|yearly) )?(reminder|event|appointment|meeting|entry|note|notification|alert|calendar (?:event|entry|item)|memo|(?<=(?:repeating|recurring|daily|weekly|monthly|yearly) )one)s?\b(?:\s+in(?= for\b))?\s*(.*)$/;
// What an event is called when it is named by its kind ("an appointment for allen").
const EVENT_NOUN = /^(?:event|appointment|meeting)$/;
// A reminder named by itself: "notification of meeting on wednesday", "reminder for the dentist at 3".
const NAMED_REMINDER = /^(?:a )?(?:reminder|notification|alert|heads up) (?:(?:of|for|about)\s+|(?=(?:to|that)\s))(.+)$/;
// The user telling the assistant alone what they will do, with a time: "i have a meeting with al on march 21st at 10".
const OWN_PLAN = /^(?:i (?:have got|have|will be|am going to|will|want to|need to|have to|must|should)|i've got|i'll be|we (?:have|will be|are going to)) (.+)$/;
const TRAVEL = /\b(?:flight|train|bus|ferry|cruise)\b/;
const PLAN_ACT = /^(?:meet|see|seeing|visit|attend|go to|be at|pick up|drop off|an? |the |my )/;
const CALENDAR_WORD = "(?:calendar|schedule|agenda|diary|planner|calender)";
const ON_CALENDAR = new RegExp(`^(?:add|put|pop|stick|bung|slot|place|pencil|enter|insert|mark|note|save|write|block|book|set|schedule|log|include|create|make|jot)(?: down| in| up)?\\s+(.+?)\\s+(?:on|in|to|into|onto|for|at) (?:my |the |our )?(?:\\w+ )?${CALENDAR_WORD}\\b\\s*(.*)$`);
// "take the gym session off my calendar": removing an entry, said with its particle after it.
const OFF_CALENDAR = new RegExp(`^(?:take|cross|strike|wipe) (.+?) (?:off|out of|from) ((?:my |the |our )?(?:\\w+ )?${CALENDAR_WORD})\\b(.*)$`);
const CALENDAR_LEAD = new RegExp(`^(?:in|on|to|into) (?:my |the |our )?${CALENDAR_WORD} (?:put|add|write|note|mark|set|enter)(?: down| in)?\\s+(.*)$`);
const CALENDAR_FIRST = new RegExp(`^(?:add|put|pop|stick|bung|slot|place|pencil|enter|insert|mark|note|save|write|block|book|set|log|update)(?: in| on| to| into)? (?:my |the |our )?(?:\\w+ )?${CALENDAR_WORD}\\b\\s*(?:with |for |that |to (?:show|say) )?(.*)$`);
// "add my practice at king's park on feb 4 at 2pm", "set bob's birthday for every june 3rd": an entry with its time.
const ADD_TIMED = /^(?:add|put|set|pencil in|note|mark|save|book|enter|schedule)\s+(?!(?:me|us) )(?!(?:the |my )?(?:volume|lights?|thermostat|temperature|heat|colou?r|brightness|music|song|playlist|mode))(.+)$/;
const PUT_IN = /^(?:pop|stick|pencil|slot|bung|jot) (.+?) in (?:for |on |at |from )(.+)$/;
const EVENT_THING = /\b(?:meetings?|appointments?|events?|birthdays?|anniversary|party|lunch|dinner|breakfast|brunch|practice|class|lesson|game|match|holiday|vacation|trip|interview|visit|prayer|wedding|reunion|concert|conference|deadline)\b/;
const SCHEDULE = /^(?:schedule|book|arrange|organi[sz]e|set up|setup|plan|fix) (?:a |an |my |the |me )?((?:\w+ )?(?:meeting(?! (?:rooms?|space|pod)\b)|appointment|call|lunch|dinner|breakfast|party|session|conference|interview|date|event|visit|check ?up|standup|review|catch ?up|get together)\b.*)$/;

const NOT_A_REMINDER = /\b(?:weather|news|recipe|score|stock|traffic|playlist|song|music|email|emails)\b/;
// "alert me on any new topic on politics", "notify me whenever it rains": watching for something, not a time.
const WATCHING = /\b(?:any new|whenever|every time|each time|as soon as there)\b/;

// The request alone, said to the assistant: "alarm", "a timer", "new reminder" (its agent asks when).
const BARE = /^(?:(?:set|start|create|make|new|add|an?|another|one|my) )*(alarm|timer|reminder)(?: (?:please|now))?$/;
// "flag the day after tomorrow as my holiday", "mark friday as a day off", "today needs to be marked as my cheat day".
const MARK_AS = /^(?:flag|mark|tag|label|block|note)(?: down| off| out)? (.+?) as (.+)$/;
const MARKED_AS = /^(.+?) (?:needs to|should|has to|must|is to|will) be (?:flagged|marked|tagged|labell?ed|blocked|noted|set) (?:down |off |out )?as (.+)$/;
// "update my calendar to reflect the meeting", "update the calendar with lunch at noon".
const UPDATE_CALENDAR = new RegExp(`\\b(?:update|change|edit) (?:my |the |our )?${CALENDAR_WORD} (?:to (?:reflect|show|include)|with|for) (.+)$`);
// Going to an event, as a thing to do: "attend the party before the meeting", "go to the wedding on saturday".
const ATTEND = /^(?:attend|go to|be at|show up (?:at|to)|get to) ((?:the |a |an |my |our |\w+'s )?(?:\w+ ){0,2}(?:meetings?|appointments?|party|wedding|reunion|concert|conference|interview|class|lesson|practice|game|match|graduation|ceremony|funeral|dinner|lunch|event)\b.*)$/;
// A day first, then what to do that day: "on february fourteenth make dinner reservations", "tomorrow pick up the dry cleaning".
const MONTH_WORDS = "january|february|march|april|may|june|july|august|september|october|november|december";
// Verbs of things people do on a day (a slot list, after Home Assistant's Assist): what a day-first request starts with.
const TODO_VERBS =
  "call|phone|ring|pick up|pick|drop off|drop|buy|get|pay|make|book|send|email|text|meet|see|visit|take|bring|go|check|clean|do|fix|finish|submit|return|renew|order|water|feed|walk|wash|pack|prepare|write|read|review|attend|collect|mail|post|print|sign|charge|cook|bake|change|update|ask|tell|follow up|confirm|reserve|register|apply|study|practice|practise|start|leave|remember|put|file|move|plan|invite|thank|wish|congratulate|celebrate|backup|back up|deliver|ship|sort|tidy|mow|empty|refill|fill|vote";
const DAY_FIRST = new RegExp(
  `^((?:on |this |next |coming )?(?:today|tonight|tomorrow|monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekend|(?:${MONTH_WORDS}) \\d{1,2}(?:st|nd|rd|th)?|the \\d{1,2}(?:st|nd|rd|th))(?: (?:morning|afternoon|evening|night))?(?: at \\d{1,2}(?::\\d\\d)?(?:am|pm)?)?) ((?:${TODO_VERBS})\\b.+)$`,
);
const DAY_STARTS = new RegExp(`^(?:on |this |next |coming )?(?:today|tonight|tomorrow|\\w+day|weekend|the |${MONTH_WORDS})`);
// A name of an occasion and nothing else: "john marriage anniversary", "dentist appointment friday at 3".
const OCCASION = /^((?:(?:my|our|the|a|an|\w+'s|\w+s) )?(?:[\w']+ ){0,2}(?:birthday|anniversary|appointment|meeting|wedding|interview|deadline|reunion|graduation))(?: (.+))?$/;
const NOT_AN_OCCASION = /^(?:play|show|find|search|look|open|tell|read|list|check|cancel|delete|remove|reschedule|move|postpone|what|when|where|who|why|how|is|are|was|did|do|does|email|call|text|message|book|join|skip|miss|end|start|stop|leave|mute|record|share|send|forward|plan|organi[sz]e|schedule|set|add|create|make|arrange|put|happy|merry|congratulations|thanks?)\b/;

// "remind john to …", "remind the kids about …": someone else to be reminded.
const PEOPLE = "kids|children|boys|girls|wife|husband|partner|mum|mom|mother|dad|father|parents|son|daughter|brother|sister|family|team|boss|colleague|colleagues|flatmate|roommate|friend|friends|neighbou?r|grandma|grandpa|gran|nan|babysitter|nanny|cleaner";
const SOMEONE = `(?:the|my|our) (?:${PEOPLE})|(?!(?:me|us|myself|ourselves|the|my|our|a|an|this|that|it|to|about|of|for|with|please|and|so|then|daily|weekly|monthly|hourly|nightly|every|each|today|tonight|tomorrow|later|again|now|soon|\\w+day|at|in|on|by)\\b)\\w+`;
const REMIND_SOMEONE = new RegExp(`^remind (?:${SOMEONE}) (?:to|about|that)\\b`);
// "remind my wife at six that she's got choir", "remind my son to do his piano practice at half four": at a time.
const REMIND_SOMEONE_THEN = new RegExp(`^remind (${SOMEONE}) ((?:(?!\\b(?:to|about|that)\\b).)*\\b(?:to|about|that)\\b.+)$`);
// "at bedtime to take my pills": a moment said before what to do ("at quarter to six to …" goes on with its time).
// "before i go to bed to set the dishwasher going": a moment said as a clause before what to do; said after it
// the way one says it to someone else ("before bed", "after work"), or whole.
const CLAUSE_FIRST =
  /^(before|after|when|once|as soon as) ((?:i|we) (?:go to (?:bed|sleep|work|school|the gym)|go (?:out|home)|head (?:out|off|home|to bed)|set off|leave(?: (?:work|home|the house|the office))?|get (?:home|back|up|in)|wake up|finish(?: work)?|turn in)) (to|that|about) (.+)$/;
const CLAUSE_SAID: readonly [RegExp, string][] = [
  [/^(?:i|we) (?:go to (?:bed|sleep)|head to bed|turn in)$/, "bed"],
  [/^(?:i|we) (?:finish|leave) work$/, "work"],
];
const MOMENT_FIRST = new RegExp(`^(at|on|by|around|before|after) ((?:\\w+ ){0,2}?\\w+) (to|that|about) (?!(?:${NUMBER}|\\d+)\\b)(.+)$`);
// "remind me in ten to check the oven", "ping me in 30": minutes, when no unit is said.
const IN_A_FEW = new RegExp(`^((?:remind|ping|nudge|buzz|alert|tell) me in) (${NUMBER}|\\d{1,3})(?= (?:to|about|that)\\b|$)`);
// "remind me to check the oven in twenty": the same, said last.
const IN_A_FEW_LAST = new RegExp(`^((?:remind|ping|nudge|buzz|alert|tell) me (?:to|about) .+ in) (${NUMBER}|\\d{1,3})$`);
// "tomorrow morning wake me at six": the day said first, then the request.
const DAY_LEAD = /^((?:on |this |next )?(?:today|tonight|tomorrow|monday|tuesday|wednesday|thursday|friday|saturday|sunday)(?: (?:morning|afternoon|evening|night))?),? ((?:wake|get) me\b.+|(?:set|remind|alarm)\b.+)$/;
// "when i get home remind me to call my sister", "before i go to bed set an alarm for seven": a
// moment or a condition said first goes after the request, where it is said when it comes last.
const CONDITION_LEAD = /^((?:(?:today|tonight|tomorrow|this (?:morning|afternoon|evening)),? )?(?:(?:the )?next time|when|once|as soon as|if|in case|before|after|by the time|until)) ((?:[\w']+ ){1,8}?)((?:please )?(?:remind me|wake me|set (?:an? |the |my )?(?:reminder|alarm)|(?:i need|i want|give me) (?:a|an) (?:reminder|alarm)|(?:do not|don't) (?:let me )?forget)\b.*)$/;
// "at half seven tonight remind me the bins need to go out", "tomorrow at six remind me …", "every monday
// remind me …": the time said first.
const TIME_LEAD = /^((?:(?:at|by|around|in|on|this|next|every|each) (?:[\w:']+ ){0,4}?[\w:']+|(?:a|an|one|two|three|four|five|six|seven|\d+|half an?) (?:minutes?|hours?|days?|weeks?) before (?:[\w']+ ){0,4}?[\w']+|(?:tomorrow|tonight|today|first thing|weekdays|weekends|weeknights|weekday (?:mornings|evenings|nights)|weekend mornings|(?:mon|tues|wednes|thurs|fri|satur|sun)days)(?: (?:at|around|about|by|morning|afternoon|evening|night|after|before|first thing|tomorrow)(?: [\w:']+){0,3}?)?)),? ((?:please )?(?:remind me|(?:i )?need reminding|(?:i )?need a reminder|wake me|tell me|nudge me|ping me|give me a (?:shout|nudge|buzz|heads up)|set (?:an? |the |my )?(?:reminder|alarm))\b.*)$/;
const CALENDAR_AFTER = new RegExp(
  `^(.+?),? (?:so )?(?:(?:can|could|would|will) you |please )?(?:add|put|stick|pop|write|note|pencil|bung|save|enter)(?: down| in)? (?:that|it|this|them(?: all)?)(?: down| in)?(?: (?:in|on|to|into) (?:my |the |our )?(?:\\w+ )?${CALENDAR_WORD})?(?: for me)?(?: ((?:for|at|from) .+))?$`,
);
// What the user has or does, told before the entry is asked for: "we're going to the zoo on the 13th".
const OWN_TOLD = /^(?:i|we) (?:am|are|have|will|was|were) /;
// "we are going to the zoo on the 13th": where the user goes, reminded as something to do.
const GOING_TO = /^(?:i am|we are) (?:going|off) (to (?!be\b|have\b|get\b)\S.*)$/;
// "i have a dentist at four remind me": the request said after what it is about.
const REMIND_AFTER = /^((?:i|we) (?:have|have got|ve got|got|am|are) .+?) (?:so )?(?:please )?remind me(?: (?:about|of) (?:it|that))?$/;

function reminder(t: string): Command | undefined {
  if (WATCHING.test(t)) return undefined;
  const dayLead = DAY_LEAD.exec(t);
  if (dayLead) return reminder(`${dayLead[2]} ${dayLead[1]}`);
  const timeLead = TIME_LEAD.exec(t);
  if (timeLead && chronoWhen(spokenTimes(timeLead[1]!, "reminder")) !== undefined) return reminder(`${timeLead[2]} ${timeLead[1]}`);
  const conditionLead = CONDITION_LEAD.exec(t);
  if (conditionLead) return reminder(`${conditionLead[3]} ${conditionLead[1]} ${conditionLead[2]!.trim()}`);
  // "we've got parents' evening next tuesday at six can you add that": the entry asked for after it is told.
  const told = CALENDAR_AFTER.exec(t);
  if (told && chronoWhen(spokenTimes(told[1]!, "reminder")) !== undefined) {
    // "were going to the zoo": said without its apostrophe, before an entry asked for, it is "we're".
    let what = `${told[1]!.replace(/^were (going|off)\b/, "we are $1")}${told[2] === undefined ? "" : ` ${told[2].replace(/^for /, "at ")}`}`;
    // "the day after tomorrow i've got parents evening at six": the day said first goes after what it is the day of.
    const dayFirst = /^((?:on |this |next )?(?:the day after tomorrow|today|tonight|tomorrow(?: morning| afternoon| evening| night)?|(?:mon|tues|wednes|thurs|fri|satur|sun)day(?: morning| afternoon| evening| night)?|next week)),? ((?:i|we) .+)$/.exec(what);
    if (dayFirst) what = `${dayFirst[2]} ${dayFirst[1]}`;
    const going = GOING_TO.exec(what);
    return reminder(going ? `remind me to go ${going[1]}` : OWN_TOLD.test(what) || BARE_CLAUSE.test(what) ? `remind me that ${what}` : `remind me about ${what}`);
  }
  const remindAfter = REMIND_AFTER.exec(t);
  if (remindAfter) return reminder(`remind me that ${remindAfter[1]}`);
  const bare = BARE.exec(t);
  if (bare?.[1] === "timer") return { type: "timer" };
  if (bare?.[1] === "alarm") return alarmCommand("");
  if (bare?.[1] === "reminder") return { type: "reminder", about: false, alarm: false };
  const mark = MARK_AS.exec(t) ?? MARKED_AS.exec(t);
  if (mark && chronoWhen(spokenTimes(mark[1]!, "reminder")) !== undefined && !NOT_A_REMINDER.test(t)) return timed(mark[2]!, true, mark[1]!, "reminder");
  const timer = timerOf(t);
  if (timer !== undefined) return timer;
  const wake = WAKE_ME.exec(t);
  // "up by six", "awake before eight": the alarm rings then.
  if (wake) return timed("wake up", false, wake[1]!.replace(/^(?:by|before) /, "at "), "alarm", true);
  const alarm = ALARM.exec(t);
  // "set an alarm", "alarm for 7": a time or a verb to set one; "alarm clock", "next alarm" alone set nothing.
  // "my alarm didn't go off this morning", "that alarm sound": talk about an alarm, not one asked for.
  if (alarm && !/^(?:sound|tone|volume|ring)|^(?:did|does|do|was|is|has|had|went|keeps?|kept|never|always|will|would|woke|goes|rang|just|still|not)\b/.test(alarm[2]!) && (/^(?:set|create|make|add|put|schedule|start|give|get|i |need|want|wake)/.test(t) || chronoWhen(spokenTimes(alarm[2]!, "alarm")) !== undefined)) {
    // "a daily alarm at seven": how often, said before the noun, goes after the time where the
    // repetition's reader finds it; "a recurring alarm every sunday" says it again after.
    const often = alarm[1] === undefined || readRepeat(alarm[2]!) !== undefined ? undefined : OFTEN_BEFORE[alarm[1]];
    return alarmCommand(often === undefined ? alarm[2]! : `${alarm[2]} ${often}`);
  }
  const onCal = ON_CALENDAR.exec(t);
  if (onCal && !NOT_A_REMINDER.test(onCal[1]!)) return timed(onCal[1]!, true, `${onCal[1]} ${onCal[2]}`, "reminder");
  const calLead = CALENDAR_LEAD.exec(t);
  if (calLead) return timed(calLead[1]!, true, calLead[1]!, "reminder");
  const calFirst = CALENDAR_FIRST.exec(t);
  if (calFirst) return timed(calFirst[1]!, true, calFirst[1]!, "reminder");
  const setReminder = SET_REMINDER.exec(t);
  if (setReminder) {
    const [, often, noun, said] = setReminder as unknown as [string, string | undefined, string, string];
    // "set a daily reminder at 9pm to lock the door": the repetition is said before the noun.
    // "an event called book club on the 3rd": the name is what to be reminded about.
    const named = /^(?:called|named|titled|labell?ed) (.+)$/.exec(said);
    if (named) return reminderFor(named[1]!, true);
    const rest = often !== undefined && readRepeat(said) === undefined ? `${said} ${often}` : said;
    if (EVENT_NOUN.test(noun) && /^(?:with|for|at|on|in|about|starting|beginning|from)\b/.test(rest)) return timed(`the ${noun} ${rest}`, true, rest, "reminder");
    return reminderFor(rest, EVENT_NOUN.test(noun));
  }
  const named = NAMED_REMINDER.exec(t);
  // "a reminder to pay the gas bill": a verb phrase keeps its "to"; "a reminder for the dentist" is about a thing.
  if (named) return reminderFor(named[1]!, !/^(?:to|that)\s/.test(named[1]!));
  // "don't forget to set a reminder to pay the bills": the reminder asked for is the one set.
  const nested = /^(?:(?:do not|don't) (?:let me )?forget|make sure) to ((?:set|create|make|add|put|schedule) .+)$/.exec(t);
  const inner = nested === null ? undefined : reminder(nested[1]!);
  if (inner !== undefined) return inner;
  // "remind john to take the bins out": a message for someone else, not the user's reminder (task() says so).
  // The Spirit cannot reach them; at a time, it can remind the user to tell them then. Said with no time, it is a message now.
  const someone = REMIND_SOMEONE_THEN.exec(t);
  if (someone && chronoWhen(spokenTimes(someone[2]!, "reminder")) !== undefined) return reminder(`remind me to tell ${someone[1]} ${someone[2]}`);
  if (REMIND_SOMEONE.test(t)) return undefined;
  // "tell me when it's five o'clock": an alarm at that time.
  const whenItIs = /^(?:tell|let) me (?:know )?when it is (.+?)(?: so (?:that )?(?:i|we) (?:can |could )?(.+))?$/.exec(t);
  // "let me know when it's half past so i can ring my mum": what the time is for is what to do then.
  if (whenItIs?.[2] !== undefined) return timed(`to ${whenItIs[2]}`, false, whenItIs[1]!, "reminder");
  if (whenItIs && chronoWhen(spokenTimes(whenItIs[1]!, "reminder")) !== undefined) return timed("", false, whenItIs[1]!, "reminder");
  const remind = REMIND.exec(t.replace(IN_A_FEW, "$1 $2 minutes").replace(IN_A_FEW_LAST, "$1 $2 minutes"));
  // "remind me when i get home to take the chicken out": a moment no clock names and the
  // Spirit cannot see; the reminder is set without a time and its agent asks when.
  const onArrival = remind && /^(?:remind(?:er)?(?: me| us)?|(?:do not|don't) let me forget)\b/.test(t) ? ON_ARRIVAL.exec(remind[1]!) : null;
  if (onArrival) return reminderFor(onArrival[2]!, false);
  if (remind && !/^(?:me )?(?:what|when(?! it is| its)|where|who|how|which|whether|if)\b/.test(remind[1]!) && !/^(?:tell me|let me know)$/.test(t)) {
    // "remind me at bedtime to take my pills": a moment the clock does not name goes after what to do, as one says it.
    const clause = CLAUSE_FIRST.exec(remind[1]!);
    if (clause) {
      const [, conj, said, connector, what] = clause as unknown as [string, string, string, string, string];
      const moment = CLAUSE_SAID.find(([re]) => re.test(said))?.[1] ?? said;
      return reminderFor(`${connector} ${what} ${conj} ${moment}`, false);
    }
    const lead = MOMENT_FIRST.exec(remind[1]!);
    // "remind me daily to take my pills": how often goes after what to do too, where the repetition's reader finds it.
    const often = /^(daily|hourly|weekly|monthly|nightly|yearly|annually|fortnightly) (to|about|that) (.+)$/.exec(remind[1]!);
    const rest = lead && chronoWhen(spokenTimes(`${lead[1]} ${lead[2]}`, "reminder")) === undefined ? `${lead[3]} ${lead[4]} ${lead[1]} ${lead[2]}` : often ? `${often[2]} ${often[3]} ${often[1]}` : remind[1]!;
    // "tell me a joke", "let me know the weather": information, not a reminder, unless a time or "to"/"about" follows.
    const atATime = chronoWhen(spokenTimes(rest, "reminder")) !== undefined;
    if (/^(?:tell me|let me know|notify me|alert me|ping me|warn me|buzz me)/.test(t) && !/^(?:to|about|of|that|when it is|when its|at|in|on|tomorrow|tonight)\b/.test(rest) && !(EVENT_THING.test(rest) && atATime)) return undefined;
    // "tell me about new york", "notify me of the latest news": information asked for, not a reminder.
    if (/^tell me (?:about|of)\b/.test(t) || (/^(?:notify|alert|ping|warn|buzz) me (?:about|of)\b/.test(t) && NOT_A_REMINDER.test(rest) && !atATime)) return undefined;
    // "remember that i like this song": a fact to keep, not a reminder, unless a time is said.
    if (/^remember\b/.test(t) && !/^remember(?: me)? (?:to|about|that|my|the)\b/.test(t) && !atATime) return undefined;
    if (/^remember(?: me)? that\b/.test(t) && !atATime) return undefined;
    // "don't forget you promised to send me the photos", "remember your keys": said to a person, about what they are to do.
    if (/^(?:(?:do not|don't) forget|remember|make sure)\b/.test(t) && /\b(?:you|your|yours|yourself)\b/.test(rest)) return undefined;
    return reminderFor(rest, false);
  }
  const added = ADD_TIMED.exec(t);
  if (added && !/\b(?:lists?|contacts?|playlist|cart|basket|song|music|tickets?|taxi|cab|uber|lyft|ride|flights?|train|bus|hotels?|rooms?|table|seats?|people|persons|guests|nights?|e-?mails?|messages?|texts?|tweets?|posts?|status|facebook|twitter|instagram)\b/.test(t) && (EVENT_THING.test(added[1]!) || chronoWhen(spokenTimes(added[1]!, "reminder")) !== undefined)) {
    return timed(added[1]!, true, added[1]!, "reminder");
  }
  // "pop the plumber in for monday at nine", "pencil book club in on the 3rd": an entry put in at its time.
  const putIn = PUT_IN.exec(t);
  if (putIn && chronoWhen(spokenTimes(putIn[2]!, "reminder")) !== undefined && !NOT_A_REMINDER.test(putIn[1]!)) return timed(putIn[1]!, true, putIn[2]!, "reminder");
  const schedule = SCHEDULE.exec(t);
  if (schedule) return timed(schedule[1]!, true, schedule[1]!, "reminder");
  return lessUsual(t);
}

/** Rarer ways of asking for a reminder or a calendar entry, tried after the usual ones. */
function lessUsual(t: string): Command | undefined {
  const update = UPDATE_CALENDAR.exec(t);
  if (update) return timed(update[1]!, true, update[1]!, "reminder");
  const attend = ATTEND.exec(t);
  // "attend party": said without its article, which the reminder's text needs ("attend the party").
  if (attend) return { ...timed(`attend ${/^(?:the|a|an|my|our|\w+'s) /.test(attend[1]!) ? "" : "the "}${attend[1]}`, false, attend[1]!, "reminder"), to: true } as Command;
  // Times in words are read only for words that start with a day (spokenTimes is the costly part).
  const dayFirst = DAY_STARTS.test(t) ? DAY_FIRST.exec(spokenTimes(t, "reminder")) : null;
  if (dayFirst && !NOT_A_REMINDER.test(dayFirst[2]!) && !TASK_BLOCK.test(dayFirst[2]!) && !TASKS.some(([re]) => re.test(dayFirst[2]!))) return timed(`${dayFirst[2]} ${dayFirst[1]}`, false, `${dayFirst[2]} ${dayFirst[1]}`, "reminder");
  const often = REPEAT_WORD.test(t) ? repeatedTodo(t) : undefined;
  if (often !== undefined) return often;
  const occasion = OCCASION.exec(t);
  if (occasion && !ASKING.test(t) && !NOT_AN_OCCASION.test(t) && occasionOnly(occasion[1]!, occasion[2])) return timed(t, true, t, "reminder");
  return undefined;
}

/** A word a repetition needs, before the costlier reading of times in words. */
const REPEAT_WORD = /\b(?:every|each|daily|weekly|monthly|hourly|fortnightly|nightly)\b/;
const TODO_FIRST = new RegExp(`^(?:${TODO_VERBS})\\b`);

/**
 * Something to do, said with how often and no "remind me": a repetition first ("every two weeks
 * on friday put the recycling out", "every morning at 8 water the plants"), or after it ("take
 * the pill every 8 hours", "water the plants every other day at 9"), as DAY_FIRST reads one day.
 */
function repeatedTodo(t: string): Command | undefined {
  const spoken = spokenTimes(t, "reminder");
  const repeat = readRepeat(spoken);
  if (repeat === undefined) return undefined;
  const first = repeat.start === 0 ? /^(?:,?\s*(?:at|on|from|starting at) \d{1,2}(?::\d\d)?(?:am|pm)?\b)?[\s,]*(.+)$/.exec(spoken.slice(repeat.end)) : null;
  const todo = first ? first[1]! : spoken;
  if (!TODO_FIRST.test(todo) || NOT_A_REMINDER.test(todo) || TASK_BLOCK.test(todo) || TASKS.some(([re]) => re.test(todo))) return undefined;
  const words = first ? `${todo} ${spoken.slice(0, spoken.length - todo.length)}` : spoken;
  return timed(words, false, words, "reminder");
}

/**
 * Only an occasion and its time: "birthday party ideas" names no occasion to keep. Said
 * with no time, it needs its own name ("john marriage anniversary"), not just "the meeting".
 */
function occasionOnly(name: string, tail: string | undefined): boolean {
  if (tail === undefined) return !/^(?:(?:my|our|the|a|an) )?\S+$/.test(name);
  // "may 2 repeat every year": the repetition is a word of its time.
  const spoken = withoutRepeat(spokenTimes(tail, "reminder"));
  const when = chronoWhen(spoken);
  return when !== undefined && spoken.replace(when, "").replace(/\b(?:on|at|in|for|this|next|is)\b/g, "").trim() === "";
}

/** How often, said as a word before "alarm"; "recurring" alone names no rule, so nothing is added. */
const OFTEN_BEFORE: Readonly<Record<string, string>> = { daily: "every day", weekday: "every weekday", weekly: "every week" };

function alarmCommand(rest: string): Command {
  // "for 7am labelled taxi", "called gym", "for the gym at 6"
  const label = /\b(?:labell?ed|called|named|titled|saying|for the purpose of)\s+(.+)$/.exec(rest);
  const words = label ? rest.slice(0, label.index) : rest;
  return timed(label?.[1] ?? "the alarm", !label || !/^(?:to|that)\b/.test(label[1]!), words, "alarm", false, true);
}

function reminderFor(rest: string, event: boolean): Command {
  return timed(rest, event, rest, "reminder");
}

const PART_OF_DAY = /^(?:morning|afternoon|evening|night|weekend)$/i;
const PART_FIRST = /^(?:morning|afternoon|evening|night)\b/i;

/** Cuts the time out of the words and keeps what to be reminded of. */
function timed(words: string, about: boolean, timeWords: string, use: TimeUse, wakeUp = false, alarm = false): Command {
  // "pick me up from the airport i have a three pm meeting": a second clause glued on, with its own time.
  // A repetition ("every friday", "daily", "the 15th of every month") is cut out and handed on
  // whole, in plain words, for the agent to read (agents/reminder/repeat.ts).
  const timeSaid = spokenTimes(timeWords.replace(GLUED_CLAUSE, ""), use);
  const repeat = readRepeat(timeSaid);
  const spoken = withoutRepeat(timeSaid);
  const results = chronoEn().parse(spoken, new Date(0));
  // "the monday meeting every monday": the day is the repetition's, and stays a word of the name.
  const repeatDay = repeat && weekdayOf(repeat.rule);
  // "valentine's day with her tomorrow": beside another time, a holiday is the occasion's name.
  // "bin night", "quiz night": a part of the day after a noun is a name ("tomorrow night", "on friday night", "at night" are times).
  const named = (r: { text: string; index: number }) => PART_FIRST.test(r.text) && /\b(?!(?:the|this|at|in|on|every|each|tomorrow|tonight|yesterday|last|next|(?:mon|tues|wednes|thurs|fri|satur|sun)day|\d+(?:am|pm)?)\b)[a-z']+\s+$/.test(spoken.slice(0, r.index));
  // "the evening walk", "the morning paper": the part of the day names a thing, with a noun after it.
  const before = (r: { text: string; index: number }) => PART_OF_DAY.test(r.text) && /\bthe\s+$/.test(spoken.slice(0, r.index)) && /^\s+(?!(?:at|on|in|to|for|by|before|after|and|or|please|with|of|tomorrow|today|every|about|that)\b)[a-z]/.test(spoken.slice(r.index + r.text.length));
  let whens = results
    // chrono-node may read the space before a time as part of it (" evening next tuesday" after "parents'").
    .map((r) => ({ text: r.text.trimStart(), index: r.index + r.text.length - r.text.trimStart().length }))
    .filter((r) => !before(r))
    .map((r) => (named(r) ? r.text.replace(PART_FIRST, "").trim() : r.text))
    // "i've been sat here": a day written short ("sat", "wed") is never how a day is said aloud.
    .filter((w) => w !== "" && !/^(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)$/i.test(w) && w.toLowerCase() !== repeatDay && !(results.length > 1 && isHoliday(w)));
  let what = wakeUp ? "wake up" : withoutRepeat(spokenTimes(words.replace(GLUED_CLAUSE, ""), use));
  // "ten minutes before the meeting to print the slides": a length before an event the clock does not name; the event is a word of the time.
  whens = whens.map((w) => (COUNTED_BACK.test(w) ? eventAfter(what, w) : undefined) ?? w);
  // The time and the words that lead into it ("starting at 3pm", "on may 5th").
  // "on the 3rd of december": "the" too, before a date said by its day. A clock time read
  // without its preposition keeps "by" ("by noon"); any other is said "at" ("for five" → "at 5pm").
  const said = new Map<string, string>();
  for (const w of whens) {
    // "at around six", "in the morning": an approximation, and a part of the day said with "the" after its preposition, go with the time.
    // A time with its own preposition leaves an "on" or "in" before it to the verb: "turn the heating on| at six", "log in| at ten".
    what = what.replace(new RegExp(`(?:\\b(?:starting|beginning|starts|begins|ending|ends)\\s+)?(?:\\b(?:at|by)\\s+(?=around))?(?:\\b(${OWN_PREPOSITION.test(w) ? "from|at|by|for|around" : "from|on|at|by|for|in|around"})\\s+${PART_OF_DAY.test(w) ? "(?:the\\s+)?" : ""})?${DAY_OF_MONTH.test(w) ? "(?:the\\s+)?" : ""}${escapeRegExp(w)}`), (cut, prep: string | undefined) => {
      if (CLOCK_ALONE.test(w)) said.set(w, `${prep === "by" ? "by" : "at"} ${w}`);
      else if (PART_OF_DAY.test(w) && /\bthe\s/.test(cut)) said.set(w, `${prep === "at" || prep === "on" ? prep : "in"} the ${w}`);
      // "in march", "by june": a month keeps its preposition.
      else if (/^(?:january|february|march|april|may|june|july|august|september|october|november|december)$/i.test(w) && prep !== undefined) said.set(w, `${prep === "by" ? "by" : "in"} ${w}`);
      // "at night", "at the weekend": said with its preposition.
      else if (PART_OF_DAY.test(w) && (prep === "at" || prep === "by")) said.set(w, `${prep} ${w}`);
      // "on the 3rd of june", "the second of march": a day of the month keeps its "the" ("mum's birthday 3rd of june" is no English).
      else if (DAY_OF_MONTH.test(w) && /\bthe\s/.test(cut)) said.set(w, `${prep === "by" || prep === "from" ? prep : "on"} the ${w}`);
      return " ";
    });
  }
  // "tomorrow's meeting" with "tomorrow" cut out leaves "'s meeting".
  what = what.replace(/(^|\s)'s\b/g, "$1");
  // "the gas bill's due", "when the match kicks off": what will be, said as a clause ("that the gas bill is due").
  what = what.trim().replace(/^((?:that )?(?:the|my|our) [\w ]+?)'s (?=(?:due|on|over|ready|back|here|coming|going|open|closed|off|arriving|starting)\b)/, "$1 is ").replace(/^when (?=(?:the|my|our) )/, "that ");
  // "that i have a haircut", "there is a meeting": a thing to be reminded about, once the words around it are cut.
  const aThing = HAS_A_THING.exec(what.trim())?.[1];
  // "that the plumber comes at 11": a clause of its own, said "that"; "that i need to pay …" is what to do.
  what = cleanSubject(what);
  // "that i am off on friday", "i am away next week": the user's own state, kept as a clause.
  // "remind me the bins need to go out": a clause said without its "that" is said with it.
  const ownState = OWN_STATE.test(what) || BARE_CLAUSE.test(what) || /^(?:that )?it is (?!(?:time|for|about|to)\b)\w/.test(what);
  if (ownState) what = `that ${what.replace(/^that /, "")}`;
  const thatClause = ownState || THAT_CLAUSE.test(what.trim());
  // "that i have an appointment": the thing keeps its article ("an appointment"), which the framing words took with them.
  if (aThing !== undefined && what !== "" && !/^(?:a|an|my|our|the|some)\b/.test(what)) what = `${aThing} ${what}`;
  const times = whens.map((w) => said.get(w) ?? (CLOCK_ALONE.test(w) ? `at ${w}` : w));
  if (repeat !== undefined) times.push(repeat.said);
  const when = times.length ? times.join(" ").replace(/\s+/g, " ").trim() : undefined;
  const connector = /^(?:(?:to|that) )+/.exec(what);
  const subject = connector ? cleanSubject(what.slice(connector[0].length)) : what;
  return {
    type: "reminder",
    alarm: alarm || wakeUp,
    about: wakeUp ? false : aThing !== undefined ? true : connector?.[0].startsWith("to ") || thatClause ? false : about,
    ...((wakeUp || connector?.[0].startsWith("to ")) && { to: true }),
    ...(connector?.[0].startsWith("that ") && thatClause && !wakeUp && { that: true }),
    ...(subject && { what: subject }),
    ...(when && { when }),
  };
}

// A day of the month said first ("3rd of june", "second of march"), which is said with "the".
const DAY_OF_MONTH = /^(?:\d{1,2}(?:st|nd|rd|th)|(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth|thirtieth))\b/;
// A time read with its own preposition ("at 6pm", "on monday"; not "morning", "6pm").
const OWN_PREPOSITION = /^(?:at|on|in|by|for|from|around|before|after|until|till)\b/;
// The event it counts back from, named after it, up to what is to be done: "the meeting", "my dentist appointment", "mum's anniversary".
const EVENT_NAMED = String.raw`(?:the|my|our|his|her|their|your|this|that|(?:\w+ and )?[\w]+'s) (?:[\w']+ ){0,2}?[\w']+(?: (?:starts|begins|finishes|ends|kicks off|arrives|leaves|opens|closes|is over))?(?= (?:to|so|that|and|because|cause)\b|$)`;

/** The time with the event it counts back from, when something else is to be done then ("… to print the slides"); else undefined. */
function eventAfter(what: string, w: string): string | undefined {
  const m = new RegExp(`${escapeRegExp(w)}\\s+(${EVENT_NAMED})`).exec(what);
  if (m === null) return undefined;
  // "remind me ten minutes before the meeting": the meeting is what to be reminded of, ten minutes before.
  const rest = `${what.slice(0, m.index)} ${what.slice(m.index + m[0].length)}`;
  return /\b(?:to|so|that)\s+\w/.test(rest) ? `${w} ${m[1]}` : undefined;
}

// The verb that makes a clause of a thing's words ("the plumber comes", "the bins need to go out").
const CLAUSE_VERB = "is|are|was|were|will|comes?|arrives?|starts?|ends?|opens?|closes?|leaves?|has|have|needs?|goes|finishes";
// A reason that says what will be: "the washing will be done", "the bins go out tomorrow".
const REASON_CLAUSE = new RegExp(`^(?:the|my|our) (?:[\\w']+ ){1,3}?(?:${CLAUSE_VERB})\\b`);
const THAT_CLAUSE = new RegExp(`^that (?!(?:i|we|there)\\s)(?:[\\w']+ ){1,4}?(?:${CLAUSE_VERB}|gets?|runs?|begins?|[a-z]+s (?:off|up|out|over|in))\\b`);
const OWN_STATE = /^(?:that )?(?:i am|we are|i will be|we will be) \w/;
const BARE_CLAUSE = new RegExp(`^(?:the|my|our|his|her|their) (?:[\\w']+ ){1,3}?(?:${CLAUSE_VERB}|runs? out|expires?)\\b`);
const HAS_A_THING = /^(?:that )?(?:there (?:is|are|will be)|(?:i|we) (?:have got|have|will have|ve got)) (a|an|my|our|the|some)\b/;

// A clause of its own glued on after the request: "… from the airport i have a 3pm meeting".
const GLUED_CLAUSE = /(?<=\S)(?<!\b(?:can|could|may|might|would|should|will|shall|do|does|did|that))\s+(?:and |but |because |as |since |cause )?(?:i|we) (?:have|have got|ve got|will have|got) (?:a|an|my|our|another|some) .*$/;
// The request's own words after what to be reminded of: "… set reminder", "… set the event", "… add it to my calendar", "… repeat every year".
const REQUEST_TAIL =
  /\s+(?:(?:and|then|please|so)\s+)?(?:(?:can|could|would|will) you (?:please )?(?:add|put|set|save|note|schedule|remind)\b|(?:set|add|create|make|put|save|schedule|note|mark)(?: (?:up|in|down))?(?: (?:a|an|the|my|this|that|it))?(?: (?:new|recurring|repeating))? (?:reminders?|alarms?|events?|appointments?|calendar|timers?|notes?|entry|it)\b|(?:to|on|in|into) (?:my|the) (?:\w+ )?calendar\b|repeat(?:s|ing)? (?:it |this )?(?:every|each|weekly|daily|monthly|yearly|annually)\b).*$/;

// A clock time first, read without its preposition ("for half past seven tomorrow" → "7:30am tomorrow").
const CLOCK_ALONE = /^(?:\d{1,2}(?::\d\d)?\s?(?:am|pm)|noon|midday|midnight)(?:$|\s)/;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

const FRAMING = /^(?:(?:me|us|myself|when it is|when its|up|a|an|for me|please|on|at|by|for|about|of|regarding|re|that i have(?: got)?|i have(?: got)?|i need to|i have to|i must|i should|to remind me|remind me|reminder|reminders|set (?:a |an |the )?(?:reminder|alarm)s?|,)\s+)+/;
// Verbs whose particle is a word of the verb ("turn the heating on", "check in", "hand my essay in"), kept when a time is cut after it.
const PARTICLE_VERBS = "turn|switch|put|check|log|sign|hand|fill|plug|clock|drop|pop|call|send|bring|take|carry|try|hold|hang|tune|weigh|move|lock|leave|keep|pass|let|get";
const PARTICLE_KEPT = String.raw`(?<!\b(?:${PARTICLE_VERBS})(?: [\w']+){0,3})`;
const TAIL = new RegExp(String.raw`(?:\s+(?:please|at|by|for|and|of|the|to|from|that|with|every|about|,)|${PARTICLE_KEPT}\s+(?:on|in))$`);
// "mum's birthday is" with its time cut out; not "check when my car payment is", a question's clause.
const TAIL_VERB = /(?<!\b(?:when|what|where|who|whom|which|how|if|whether)\b.*)\s+(?:is|are|was|will be)$/;

// A clause with its own subject after what to do ("the cat she always forgets", "the books they are overdue"), or what
// happens otherwise ("or the water will be scalding"); not after a word that takes a clause ("if she is", "that they are").
const GLUED_OWN_CLAUSE =
  /(?<=[a-z'])(?<!\b(?:if|whether|when|that|what|where|who|how|why|until|unless|while|so|before|after|once|tell|ask|know|say|said|think|hope|sure|check|and|but|remind|let|because|cos|cause|as|since|can|could|may|might|would|should|will|shall|do|does|did|have|has|am|is|are))\s+(?:or (?:else )?(?:the|my|it|i|we|she|he|they)\b.*|(?:she|he|they|we|i)(?:'s|'re|'m| am| is| are| was| were| will| would| always| never| usually| just| a go| keeps?| has| have|'ve|'ll| still| might| can| could| forgets?| needs?)\b.*|it(?:'s| is| was| will| has| expires| runs| goes| needs)\b.*|(?:looks|seems|sounds) like\b.*|but not\b.*)$/;
const NOTHING_BEFORE = /^\s*(?:(?:in|for|on|at|to|about|of|a|an|the|reminder|me|us|please|that)\s*)*$/;
// Words of telling before such a clause: what is told is the clause.
const TELLING = /\b(?:tell|ask|text|message|email|warn|let(?= [\w']+(?: [\w']+)? know)|say|write)(?: [\w']+){0,2}$/;
// A reason given: "because it will rain", "cos the washing will be done by then".
const REASON = /(?:^|(?<!\b(?:soon|long|well))\s+)(?:because|since|as(?! (?:soon|long|well) as\b)|cause|cos|coz|cuz)\s(.*)$/;

function cleanSubject(words: string): string {
  // A reason given is not what to be reminded of, unless nothing else is said: "give me a shout in half an hour cos the washing will be done".
  const reason = REASON.exec(words)?.[1];
  if (reason !== undefined && words.replace(REASON, "").trim() === "" && REASON_CLAUSE.test(reason)) return cleanSubject(`that ${reason.replace(/\s+(?:by then|then|by that time)$/, "")}`);
  let w = words
    .replace(REASON, "")
    // "… so i don't forget again", "… i still haven't paid it": the user's own words about it, not what to be reminded of.
    .replace(/\s+so (?:that )?(?:i|we) (?:do not|don't|will not|won't) forget\b.*$|\s+(?:and |but )?(?:i|we) (?:still )?(?:have not|haven't|did not|didn't|never) .*$/, "")
    // "… she always forgets", "… they're overdue already", "… or the water will be scalding": a clause of its own glued
    // on, why and not what (unless what is to be told: "tell mum i'm running late").
    // Said after nothing but the request's words ("a reminder in for the 12th, it's my brother's anniversary"), the clause is what.
    .replace(GLUED_OWN_CLAUSE, (clause: string, at: number, all: string) => (TELLING.test(all.slice(0, at)) || NOTHING_BEFORE.test(all.slice(0, at)) ? clause : ""))
    // "… and i always lose track": what the user tends to do is why, not what to be reminded of.
    .replace(/\s+(?:and|but) (?:i|we) (?:always|never|usually|often|sometimes|tend to|keep|just) .*$/, "")
    .replace(REQUEST_TAIL, "")
    // "the meeting i have": what someone has, said after it, is the thing itself.
    .replace(/(?<=\S)(?<!\b(?:can|could|may|might|would|should|will|shall|do|does|did|that))\s+(?:that |which )?(?:i|we) (?:have|had|have got|am having|are having)\b.*$/, "")
    // Speech cut around a time: "in goshen on for dan's graduation".
    .replace(new RegExp(String.raw`\b(?:at|by|from)\s+(?=(?:for|on|at|by|in|from|to|with)\b)|(?:^|${PARTICLE_KEPT}\s)(?:on|in)\s+(?=(?:for|on|at|by|in|from|to|with)\b)`, "g"), " ")
    .replace(/\s+(?:please )?(?:remind(?:er)?|notify|alert)(?: me| us)?(?: (?:about|of) (?:it|this|that))?\s*$/, "")
    .replace(/\s+/g, " ")
    .trim();
  for (let i = 0; i < 5; i += 1) {
    const next = w.replace(FRAMING, "").replace(TAIL, "").replace(TAIL_VERB, "").replace(/^(?:to remind me|remind me)(?: to| about| of)?\s+/, "").trim();
    if (next === w) break;
    w = next;
  }
  // "(to) be reminded to pray", "can i set a": the request's own words, not what to be reminded of.
  w = w.replace(/^(?:to )?(?:be|get) reminded(?: (?:to|about|of|that))?(?:\s+|$)/, "").replace(/^(?:can|could|may) (?:i|you|we)\b.*$/, "").replace(/\s+(?:a|an|the)$/, "").trim();
  // "give us a shout in an hour so i can take the washing out": what the reminder is for is what to do.
  w = w.replace(/^so (?:that )?(?:i|we) (?:(?:can|could|will|remember to|do not forget to|don't forget to) |(?!(?:am|are|was|have|had|do|did|don't|do not|miss|forget|get|got|can|could|will|would|should|might|must)\b))(?=\w)/, "to ");
  // "so i don't miss the bus": what is not to be missed is what the reminder is about.
  w = w.replace(/^so (?:that )?(?:i|we) (?:do not|don't) miss (?=\w)/, "");
  // "may 2 is mary's birthday" with the date cut out: what the day is.
  w = w.replace(/^(?:is|are|was|will be)\s+/, "");
  // What someone has or is doing is what to be reminded of: "there is a meeting with boss" → "a meeting with boss".
  // Not "i am off on friday": what follows is no thing, so the clause stays whole (timed() says it with "that").
  w = w.replace(/^(?:that )?(?:there (?:is|are|will be)|(?:i|we) (?:have got|have|will have)(?: got)?|(?:i|we) (?:am|are|will be)(?= (?:a|an|the|my|our|some|having|seeing|going to|got)\b)(?: (?:having|seeing|going to|got))?)\s+/, "");
  if (/^(?:it|this|that|something|me|later|again|now|the time|for|of|on|at|to|about|with|the|in|by|a|an|reminders?)$/.test(w)) return "";
  return w;
}

// Things done on a device or by a service, with the capability an agent would need. The
// first that matches names it: a taxi "ordered" is a ride, not food; an email "started" is
// not music. Talk about a thing ("the taxi driver was rude": frames.ts describes) is not a
// request for it.
const COLOUR = "red|green|blue|yellow|purple|pink|orange|white|warm white|cool white|warm|cool";
const ROOM = "room|kitchen|bedroom|living room|lounge|hall|hallway|office|bathroom|study|house|flat";
const TASKS: Array<[RegExp, string]> = [
  // "remind the kids to vacuum the stairs": someone else to be reminded, whatever of, is a message to them (first, before what it is about).
  [REMIND_SOMEONE, "make calls or send messages"],
  [/^(?:turn|switch|put|crank|pump)\s+(?:it |the |my )?(?:volume|sound|music)\b|^(?:volume|louder|quieter|softer|mute|unmute|silence|be quiet|shut up|pump up|go quiet|be silent|stay quiet|quiet down|hush)\b|^(?:lower|raise|increase|decrease|reduce) (?:the |your |my |all )?(?:(?:\w+ )?volume|sound|tone)\b|^(?:turn|make) (?:it|this|that|the music|the sound) (?:up|down|louder|quieter|softer)\b|\b(?:volume (?:up|down|to)|mute (?:the |your )?(?:speakers?|volume|sound))\b|^(?:speak|talk)(?: \w+){0,2} (?:louder|quieter|softer|up|more (?:quietly|softly|loudly))\b|^i cannot hear\b|^(?:it is|this is|that is) (?:\w+ )?too (?:loud|quiet)\b/, "change the volume"],
  // "bit quieter please", "a touch louder": how much said first.
  [/^(?:(?:just )?(?:a )?(?:bit|little|touch|tad|lot|notch)(?: bit)? )(?:louder|quieter|softer|lower|higher)\b/, "change the volume"],
  [/^turn (?:up|down) (?:the |my )?(?:\w+ )?(?:volume|sound|speakers?)\b|\b(?:mute|muted|unmute)\b|^(?:audio|sound|speakers?) (?:on|off|up|down)$/, "change the volume"],
  [new RegExp(`^(?:turn|switch|shut|put)\\s+(?:on|off|up|down|out)?\\s*(?:the |my |all (?:the )?)?(?:\\w+ )?(?:lights?|lamps?|bulbs?)\\b|^(?:dim|brighten|lighten|darken)\\b|^(?:change|set|make|chance|adjust|lower|raise|reduce|increase|decrease|minimi[sz]e|maximi[sz]e|soften) (?:the |my |all |a |an )?(?:\\w+ ){0,3}?(?:lights?|lamps?|bulbs?|lighting|light settings|brightness|colou?r)\\b|\\b(?:lights?|lamps?) (?:on|off|up|down)\\b|^(?:bring|turn|put) (?:the |my |all )?(?:\\w+ )?(?:lights?|lighting|lamps?) (?:up|down)\\b|^(?:lights?|lamps?)\\b|^(?:give me|i want|set) (?:some |a )?(?:soft|dim|low|bright|warm|cool|mood|night|reading) (?:light|lighting|lights)\\b|^(?:make|turn|paint|set|change) (?:the |my |this |a )?(?:\\w+ )?(?:${ROOM}|lights?|lamps?) (?:to )?(?:${COLOUR}|darker|brighter|lighter)\\b|^(?:can|could) (?:the|my) (?:\\w+ ){0,2}(?:lights?|lamps?) (?:go|turn|be) |^(?:it is|this is|it has got|it is got)(?: way| much| a bit| a little| really| so| far)? too (?:dark|bright|dim)(?: in here| here| in (?:the|this|my) (?:${ROOM}))?$|^(?:it is|this is) (?:very |really |so |pretty )?dark (?:in )?here$`), "control the lights"],
  [/^(?:\w+ )?(?:lights?|lamps?)(?: \w+)? (?:on|off)$|^(?:activate|choose|pick|try) (?:a |an |the )?(?:different |another |new )?(?:light|lighting|lamp) (?:colou?r|setting|scene)s?\b|^(?:switch to |turn on |activate |set )?(?:the |a )?(?:night ?light|nighttime|night time|reading light) (?:mode|setting|scene)s?$/, "control the lights"],
  [/^(?:turn|switch|shut|power|plug|put|toggle)\s+(?:on|off|up|down)?\s*(?:the |my )?(?:\w+ )?(?:plugs?|sockets?|outlets?|heater|fan|tv|television|ac|air conditioner|air conditioning|heating|thermostat|kettle|oven|stove|radiator|switch|power|wemo|machine|device|computer)\b|^(?:turn|switch) (?:on|off) (?:the |my )?\w+/, "switch devices on or off"],
  [/^(?:open|close|shut|raise|lower|draw|pull (?:up|down)|put (?:up|down)|roll (?:up|down)) (?:the |my |all (?:the )?)?(?:\w+ )?(?:blinds|curtains|shades|shutters)\b|^(?:the )?(?:blinds|curtains|shades|shutters) (?:up|down|open|closed?)$|^(?:lock|unlock) (?:the |my |all (?:the )?)?(?:\w+ )?(?:doors?|locks?|gate)\b|^(?:open|close|shut) (?:the |my )?garage(?: door)?\b/, "control devices at home"],
  [/^(?:increase|decrease|raise|lower|reduce|adjust|set|change|bump up|turn (?:up|down)) (?:the |my )?(?:heat(?:ing)?|temperature|thermostat)\b|^(?:turn|put) (?:the |my )?(?:heat(?:ing)?|temperature|thermostat) (?:up|down)\b|^make it (?:warmer|colder|cooler|hotter)\b|^(?:turn|put|switch|set|chuck|stick|whack|pop|bung) (?:the |my )?(?:aircon|air con|ac|a c|air conditioning|air conditioner|heat pump|boiler)\b|^(?:bump|crank|whack|push|knock) (?:the |my )?(?:heat(?:ing)?|temperature|thermostat|aircon|air con) (?:up|down)\b|^(?:(?:brr+|ugh|oh|gosh|god|man|jeez) )?(?:it is|its|it's) (?:absolutely |really |so |bloody |way too )?(?:freezing|boiling|roasting|baltic|chilly|too (?:cold|hot|warm))(?: in here)?\b/, "control the heating"],
  [/^(?:change|switch|set) (?:the |your )?language\b|^(?:switch|change) (?:the language )?to (?:english|german|french|spanish|italian|portuguese|dutch|chinese|japanese|korean|hindi|arabic|russian)\b/, "change the language"],
  [/\b(?:vacuum|hoover|roomba|robot (?:cleaner|vacuum)|mop|clean(?:ing)? (?:the |my )?(?:floor|house|room|kitchen|carpet|flat))\b|^(?:vacuum|hoover|mop|sweep|clean|tidy)\b/, "run the vacuum cleaner"],
  [/^(?:get|start|put|set) (?:the )?cleaning (?:on|going|started)\b|^(?:start|begin|do) (?:the |a )?(?:house |home )?(?:cleaning|clean ?up)\b/, "run the vacuum cleaner"],
  [/^(?:preheat|pre-heat|pre heat|heat up|warm up) (?:the |my )?oven\b|^(?:set|put|turn) (?:the |my )?oven (?:on|to)\b/, "switch devices on or off"],
  [/^(?:make|brew|start|prepare|get|pour|fix) (?:me |us )?(?:a |an |some |my |the |another )?(?:\w+ ){0,2}?(?:cup of |pot of |mug of |shot of )?(?:coffee|espresso|latte|cappuccino|americano|flat white|mocha|tea)\b|^(?:start|run|turn on|switch on|set) (?:the |my )?(?:coffee|espresso) (?:maker|machine)\b|^(?:a |an |some |my |another )?(?:\w+ ){0,2}?(?:(?:cup|mug|pot|shot) of )?(?:coffee|espresso|latte|cappuccino|americano|flat white|mocha)$|^(?:it is )?(?:time for (?:a |some |my )?coffee|coffee time)$/, "make coffee"],
  [/^translate\b|^how do you say\b.+\bin [a-z]+$/, "translate"],
  // "skip next monday's bin reminder": one time of a repeating reminder left out, which the reminder agent does not do.
  [/^skip\b.*\b(?:reminders?|alarms?)\b/, "skip one time of a repeating reminder"],
  [/\band (?:take|get|drive) (?:me|us) there$/, "give directions"],
  // "pause the timer a sec": a timer held, which the timer agent does not do (not music paused).
  [/^(?:pause|resume|unpause|restart|hold|freeze|carry on with|continue|start up) (?:the |my |that |this )?(?:[\w-]+ )?(?:timers?|countdown)\b/, "pause or resume timers"],
  // "put the latest episode of that true crime podcast on": something to hear, put on.
  [/^(?:put|stick|pop|throw) .+ (?:podcasts?|episodes?) on$/, "play podcasts"],
  [/^(?:play|put on|start|resume|continue|carry on|keep playing|pick up|shuffle|queue|listen|i want to listen|i would like to listen|i want to hear|i would like to hear|let me hear|let us hear|let's hear|skip)\b.*\b(?:podcasts?|episodes?)\b/, "play podcasts"],
  [/^(?:replay|restart|rewind|locate|find|end|stop|pause|download|subscribe to)\b.*\bpodcasts?\b/, "play podcasts"],
  [/^(?:move to|go to|skip to|proceed to|back|forward|next|previous|rewind|fast forward|skip)\b.*\bepisodes?\b|^(?:hear|listen to)\b.*\bpodcasts?\b/, "play podcasts"],
  [/^(?:play|put on|start|resume|continue|carry on|keep reading|read|listen|i want to listen)\b.*\b(?:audio ?books?|books?|chapter|novel)\b/, "play audiobooks"],
  // "go back thirty seconds", "skip forward a minute": within what plays.
  [new RegExp(`^(?:go |skip |jump |fast )?(?:back|backward|forward|ahead|rewind)(?: by)? (?:a|an|\\d+|${NUMBER}) (?:seconds?|secs?|minutes?|mins?)$`), "play music"],
  [/^(?:play|put on|put|stick|tune|turn on|switch|listen|i want to listen|i would like to listen|open|go to|find)\b.*\b(?:radio|station|fm|bbc|npr|frequency|sirius|pandora|iheart ?radio)\b/, "play the radio"],
  [/^(?:turn|switch|change|tune) (?:it |the radio )?to (?:\w+ ){0,2}(?:frequency|station|fm|am|channel)\b|^radio (?:on|off)$/, "play the radio"],
  [/^(?:play|start|open|launch|i want to play|i feel like playing|want to play|wanna play|how about|fancy)\b.*\b(?:game|games|trivia|quiz|chess|checkers|draughts|sudoku|solitaire|riddles?|puzzles?|saga|tic tac toe)\b|^let us (?:play|solve)\b.*\b(?:game|games|trivia|quiz|chess|checkers|draughts|sudoku|solitaire|riddles?|puzzles?|tic tac toe)\b/, "play games"],
  // "find a recipe for banana bread and send it to me", "look up the opening times and text them to sam": found, then sent.
  [/^(?:find|look up|search for|search|get|dig out|pull up|check)\b.+\band (?:then )?(?:send|text|email|e-mail|message|forward|share|whatsapp)\b/, "look things up and send them"],
  [/^(?:send|write|compose|draft|reply|respond|answer|forward|email|e-mail|mail)\b.*\b(?:e-?mails?|mails?|inbox)\b|^(?:email|e-mail|reply|respond)\b|^(?:send|write|compose|draft|start|create|begin) (?:a |an |the |my |up )?(?:new |quick |short )?(?:reply|response|e-?mail|mail)\b|^open (?:a |an |up )?(?:new )?(?:reply|e-?mail) to\b|^open\b.*\be-?mails?\b.*\b(?:reply|respond|answer)\b|^open reply$/, "send email"],
  [/^(?:send|write|publish)\b.*(?:\w@\w|\bat \w+ dot (?:com|org|net)\b|\bdot com\b)|^publish (?:an? )?e-?mail\b/, "send email"],
  [/^open\b.*\b(?:e-?mails?|inbox)\b|^read\b.*\b(?:e-?mails?|inbox)\b/, "read your email"],
  [/^read\b.*\b(?:texts?|messages?|whatsapps?|sms|dms?)\b/, "read your messages"],
  [/^read\b.*\b(?:news|headlines)\b/, "read the news"],
  // "navigate to the nearest petrol station", "take me home", "directions to the hospital".
  [/^(?!.*\b(?:website|web ?page|page|site|app|link|url)\b)(?:navigate|(?:take|drive) (?:me|us)|(?:give|show|get) (?:me |us )?(?:the )?(?:directions|route|way)|directions|route|start (?:the )?navigation|plan (?:a|the) route) (?:to|home|back)\b|^(?:start|open) (?:the )?(?:navigation|sat ?nav|maps)\b/, "give directions"],
  [/^(?:add|save|create|store|put)\b.*\b(?:contacts?|address book|phone book)\b|^(?:new contact)\b/, "manage your contacts"],
  [/^(?:add|put|include|insert|write|append|place|share|send)\b.*\b(?:lists?)\b|^(?:create|make|start|new) (?:a |an |my |the )?(?:new )?(?:\w+ )?list\b/, "edit your lists"],
  // "mark pay the council tax as done": an item of a to-do list ticked off.
  [/^(?:mark|tick|check|cross) (?:off )?.+? (?:as )?(?:done|complete|completed|finished)$/, "edit your lists"],
  [/^(?:remove|delete|take|cross|strike|erase|clear|drop|scratch|empty)\b.*\b(?:lists?)\b|^(?:remove|delete|cross off|scratch) (?:item|entry|number) \w+$/, "edit your lists"],
  [/^(?:post|tweet|share|update|write|put|publish|send|make|submit|new|broadcast|tell|contact)\b(?! me\b).*\b(?:facebook|twitter|instagram|linkedin|social media|status|timeline|wall|tweet|snapchat|youtube)\b|^(?:tweet|complain|post|make a complaint|send (?:a )?complaint|write a complaint)\b/, "post on social media"],
  // "grab", "bolt", "ride" are words too ("i'll grab the bread"): a ride company only as a thing booked ("book a grab").
  [/\b(?:taxi|cab|minicab|uber|lyft|careem)\b|\b(?:a|an|the|my|our) (?:ola|bolt|grab|didi|ride)\b/, "book a taxi"],
  [/^(?!.*\b(?:times|timetables?|prices?|schedules?|listing|info|information|how)\b)(?:(?:\w+ )*?tickets?\b.*\b(?:to|for|from)\b|(?:book|buy|get|reserve|purchase|order)\b.*\b(?:tickets?|seats?|train|flight|bus)\b|(?:\w+ )*?(?:book|buy|get|reserve|purchase)(?: me| us)?(?: an?| the| two| \w+)?(?: \w+)? (?:train |plane |bus |coach |flight |return |single )?tickets?\b|(?:get|book|find|catch)(?: me| us)? (?:a )?(?:trains?|flights?|buses|coach) to\b)/, "book tickets"],
  [/^(?:order|get me|buy|deliver|place an order)\b.*\b(?:food|pizzas?|takeaway|takeout|take away|delivery|\w*burgers?|sushi|chinese|indian|thai|mexican|meal|dinner|lunch|breakfast|curry|noodles|wings|fries|chicken|salad|sandwich(?:es)?|tacos?|burritos?|kebabs?|soup|egg ?rolls?|dumplings)\b|^(?:a |an |some |two |three )?(?:\w+ )?(?:pizzas?|burgers?|sushi)(?: \w+)?$/, "order food"],
  [/^(?:get|book|reserve|find)(?: me| us)? a table\b|^(?:book|reserve)(?: me| us)? (?:a|an|the|my|our) (?:[\w-]+ ){0,2}(?:room|desk|space|pod|hall)\b|^(?:book|reserve|get)(?: me| us)?(?: in)?(?: for)? (?:a|an|my|our) (?:\w+ )?(?:haircut|hair appointment|massage|manicure|pedicure|facial|slot|appointment|lesson|class|session|court|pitch)\b/, "make reservations"],
  [/^(?:order|buy|purchase|reorder)\b(?! (?:a |an |the |my )?(?:taxi|cab|uber|ride|tickets?)\b)/, "shop for you"],
  [/^(?:call|phone|ring|dial|text|message|sms|whatsapp|facetime|skype|(?:video|voice|zoom) ?call)\b/, "make calls or send messages"],
  // "send a message to the family group saying …", "shoot john a text", "announce to the house that tea is ready".
  [/^(?:send|write|drop|shoot|fire off|leave)(?: \w+)? (?:a |an )?(?:quick |short |voice )?(?:voice note|message|text|msg|sms|dm|whatsapp|voicemail)\b|^(?:announce|broadcast)\b/, "make calls or send messages"],
  [/^(?:hear|listen to)\b(?!.*\b(?:news|weather|podcasts?|radio)\b)|^put (?:\w+ ){1,3}on$|^(?:go to|open) (?:youtube|spotify|pandora|itunes|apple music)\b.*\bplay\b|^(?:play|put on|start(?! (?:of|by|with|from|over|again|off|up|to|at|in|on|(?:the |a |my )?(?:house |home )?clean\w*|\w+ing)\b)|resume|shuffle|skip|next song|previous song|repeat(?= (?:this|that|the|it) (?:song|track|album|playlist)|$)|loop (?:this|that|the) (?:song|track|album|playlist)|pause|stop|queue|listen to|i want to listen|i would like to listen|i want to hear|i would like to hear|let me hear|sing)\b|^(?:i (?:really )?(?:like|love|hate|dislike|do not like|don't like|enjoy) (?:this|that|the current|the) (?:song|track|music|artist|album|band|tune))\b|^(?:save|add|remember) (?:this|that|the) (?:song|track|tune)\b|\b(?:shuffle|repeat) (?:mode|on|off)\b|^(?:turn|switch) (?:shuffle|repeat) (?:on|off)\b|^(?:can|could|may) i (?:hear|listen to)\b(?!.*\b(?:news|weather|podcasts?|radio|you)\b)/, "play music"],
  // "put peppa pig on the telly for the kids": something to watch, put on.
  [/^(?:put|stick|pop|throw) .+ on (?:the )?(?:telly|tv|television)\b/, "play videos"],
  // "next track", "go back to the previous song".
  [/^(?:(?:go |skip )?(?:back )?(?:to )?(?:the )?(?:next|previous|last) (?:track|song|tune)|(?:play )?(?:the )?(?:track|song) before)\b/, "play music"],
  [/^(?:disable|enable|turn on|turn off|switch on|switch off|stop|start) (?:the )?(?:shuffle|repeat|loop)\b|^(?:repeat|replay|loop) (?:the|this|that) (?:\w+ )?(?:song|track|tune)\b|^(?:after this|after that|next|then)(?: song| track)?,? play\b|^find and (?:queue|play)\b|^(?:open|load|launch|start) (?:spotify|pandora|itunes|apple music|youtube music|deezer|tidal|soundcloud)\b/, "play music"],
  // "tell mum i am running late", "let the plumber know we are in": a message passed on (a bank has a capability of its own).
  [/^tell (?!(?:me|us|you|myself|a|an|the (?:time|date|weather|news|truth|story|difference))\b)(?!(?:my |the )?bank\b)(?:\w+ ){1,2}(?:that|i|we|to|he|she|they|it|my|our|the|their|his|her|your)\b|^let (?!(?:me|us)\b)(?!(?:my |the )?bank\b)(?:\w+ ){1,2}know\b/, "make calls or send messages"],
];

// Questions, and what a request is not: "have you …" asks; "have the taxi come at 6" asks for something.
const TASK_BLOCK = /^(?:what|which|when|where|who|whom|why|how(?! about\b| do you say\b)|is|are|was|were(?! (?:nearly|almost|all) out\b)|do|does|did|(?:has|have|had) (?:i|you|we|they|he|she|it|there|anyone|anybody)\b|will|would|should|shall|can i(?! (?:hear|listen to)\b)|could i(?! (?:hear|listen to)\b)|may i(?! (?:hear|listen to)\b)|tell me|show me|read(?! me (?:the |a |my |another )?(?:next |first |last |new )?(?:chapter|story|book|audiobook|bedtime story))(?!(?: me)?(?: out)?(?: (?:my|the|all|any|that|this))?(?: [\w']+)? (?:texts?|messages?|e-?mails?|whatsapps?|sms|dms?|news|headlines)\b)|check|any)\b/;

// "the vacuum is broken again", "my taxi never came": what is wrong with a thing, not a request to use it
// (a room too dark or a sound too loud is a request: "the lights are too bright").
const PROBLEM_WITH = /^(?:the|my|our|your|his|her|their) (?:[a-z']+ ){0,3}?(?:is|are|was|were|has|have|had|keeps?|kept|broke|stopped|never|did not|does not|will not|cannot)\b(?!.* too (?:dark|bright|dim|loud|quiet)\b)/;

// A reminder asked for ("i want to get reminded to clean my room") is never the task it names.
const REMINDER_WORDS = /\bremind(?:ed|er|ers|ing)?\b/;

// "can i get a latte", "could i have the lights dimmer": asked as a question, meant as a request.
const MAY_I_HAVE = /^(?:can|could|may) i (?:please )?(?:get|have)\s+/;

// "this article is great can you share it on facebook", "the service was awful i need to tweet them":
// what comes before is why; the request is what follows.
const ASK_INSIDE = /\b(?:(?:can|could|would|will) you(?: please)?|i (?:need|want|would like) to) (?=\w)/;

function task(t: string): Command | undefined {
  if (TASK_BLOCK.test(t.replace(MAY_I_HAVE, "get ")) || (REMINDER_WORDS.test(t) && !REMIND_SOMEONE.test(t) && !/^skip\b/.test(t))) return undefined;
  const inside = ASK_INSIDE.exec(t);
  const capability = capabilityFor(t) ?? (inside === null ? undefined : capabilityFor(t.slice(inside.index + inside[0].length)));
  if (capability === undefined) return undefined;
  const when = chronoWhen(spokenTimes(t, "reminder"));
  return { type: "task", capability, task: t, ...(when !== undefined && { when }) };
}

/** The capability a request needs, when it is said as one (a question or talk about a thing is not). */
function capabilityFor(t: string): string | undefined {
  const asked = t.replace(MAY_I_HAVE, "get ");
  if (asked === "" || TASK_BLOCK.test(asked) || describes(asked) || PROBLEM_WITH.test(asked)) return undefined;
  return TASKS.find(([re]) => re.test(asked))?.[1];
}

/**
 * A reminder the learned model heard in words the grammar does not know ("i have an
 * appointment tomorrow remind me"): the time cut out, the request words taken off.
 */
export function reminderOf(text: string): Extract<Command, { type: "reminder" | "timer" }> {
  const t = plainRequest(text);
  const known = reminder(t);
  if (known?.type === "reminder" || known?.type === "timer") return known;
  // "i forgot to buy eggs, remind me later": what to be reminded of is the thing forgotten.
  const words = t
    .replace(/\b(?:please )?(?:remind(?:er)?|alert|notify|ping)(?: me| us)?(?: of this| about (?:it|this|that))?(?: later| some time| at some point)?\s*$/, "")
    .replace(/^i (?:forgot|keep forgetting|always forget|must not forget|should not forget|must remember|have to remember|need to remember) (?=to )/, "")
    .trim();
  return timed(words, false, words, "reminder") as Extract<Command, { type: "reminder" }>;
}

/** What a request said to the assistant is, when it is one of the forms above. */
export function readCommand(text: string): Command | undefined {
  const t = plainRequest(text);
  if (t === "") return undefined;
  return afterSo(t) ?? manage(t) ?? query(t) ?? reminder(t) ?? ownPlan(text) ?? task(t);
}

// "i've got to be out the door at eight so wake me at seven", "the cake's in so timer for ten
// minutes", "i took my tablets so you can clear that reminder": why first, the request after "so".
// "the kids have a half day on friday, can you put pick up at half twelve in the calendar", "we're
// nearly out of dog food, can you order another bag": the request asked after what leads to it.
const SO_REQUEST =
  /^(.+?) (?:so (?:like |just |um |uh )?(?:please |(?:can|could|would|will) you(?: please)? |you (?:can|could) )?|(?:and )?(?:please |(?:can|could|would|will) you(?: please)? ))(?=(?:remind|wake|set|start|put|pop|stick|make|timer|alarm|turn|switch|play|cancel|delete|clear|remove|add|order|buy|call|text|send|book|dim|stop|pause|nudge|ping|give me|give us|get me)\b)(.+)$/;
// What was said before "so remind me …", when the request names nothing: what the user keeps forgetting, or has.
const FORGETTING = /^(?:i|we) (?:keep forgetting|always forget|forgot|never remember|need|have|must|should|have got|ve got|got) to (.+)$/;
const HAVING = /^(?:i|we) (?:have|have got|ve got|got|am|are) /;
// "my essay's due on the twelfth so give me a reminder on the eleventh": a thing of the user's, and when it is.
const THING_DUE = /^(?:my|our) [\w' ]+?(?:'s| is| are) due\b/;
const FORGOTTEN_THING = /^(?:i|we) (?:keep forgetting|always forget|forgot|never remember) (?!to\b)((?:my|our|the|his|her|their) .+)$/;
// A day said with the reason ("the dentist at two on friday … so remind me at one") is the request's day too.
const DAY_SAID = /\b(?:today|tonight|tomorrow|(?:on |this |next )?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday))\b/;

/** The request after "so", read alone; what it leaves unsaid (what about, which day) from the words before it. */
function afterSo(t: string): Command | undefined {
  const m = SO_REQUEST.exec(t);
  if (!m) return undefined;
  const [, why, asked] = m as unknown as [string, string, string];
  const command = readCommand(asked);
  // "i feel like chess, can you play that", "… can you stick it in the calendar": what "it" is was
  // said before; the whole is read as before (CALENDAR_AFTER reads the second).
  if (/^\w+(?: \w+)? (?:it|them|that|this)(?: (?:in|on|to|into|down|for|off|up)\b|$)/.test(asked)) {
    // "i won't need the alarm tomorrow so turn it off": "it" is the alarm, timer or reminder named before.
    const named = new RegExp(`\\b(?:the|my|that|this|tomorrow's|today's) (?:[\\w']+ ){0,2}?(?:${THING})\\b`).exec(why)?.[0];
    const off = manage(asked.replace(/^(turn|switch|shut) (it|that|this|them) off$/, "$1 off $2"));
    if (named !== undefined && off?.type === "manage" && PRONOUN.test(off.request.target)) return { ...off, request: { ...off.request, target: named } };
    return undefined;
  }
  if (command?.type !== "reminder") return command;
  // "my passport expires in june so give us a reminder in march to get it renewed": "it" is the passport.
  const owned = /^(?:my|our) ([\w' ]+?) (?:expires|runs out|is due|needs|is)\b/.exec(why);
  if (owned && command.what !== undefined && /\bit\b/.test(command.what)) return withDaySaid({ ...command, what: command.what.replace(/\bit\b/, `my ${owned[1]}`) }, why);
  const rest = asked.replace(/^(?:please )?(?:remind me|give (?:me|us) a (?:reminder|shout|nudge|heads up)|set (?:me )?an? reminder(?: for me)?)\b\s*/, "");
  if (command.what === undefined && !command.alarm) {
    const forgetting = FORGETTING.exec(why);
    if (forgetting) return reminder(`remind me to ${forgetting[1]} ${rest}`.trim());
    // "i keep forgetting my vitamins so remind me every morning": a thing forgotten, reminded about.
    const thing = FORGOTTEN_THING.exec(why);
    if (thing) return reminder(`remind me about ${thing[1]} ${rest}`.trim());
    if (HAVING.test(why)) return reminder(`remind me that ${why} ${rest}`.trim());
    // Its own time stays in what is said ("that my essay is due on the 12th"); the request's is when.
    if (THING_DUE.test(why) && command.when !== undefined) return { ...command, that: true, what: spokenTimes(why.replace(/'s (?=due\b)/, " is "), "reminder") };
    // "(i need to) take out the trash, please remind me": what to do, said first.
    if (TODO_FIRST.test(why)) return reminder(`remind me to ${why} ${rest}`.trim());
    return undefined;
  }
  return withDaySaid(command, why);
}

/** The reminder at the day said with the reason ("the dentist at two on friday … so remind me at one"), when its own time names none. */
function withDaySaid(command: Extract<Command, { type: "reminder" }>, why: string): Command {
  const day = DAY_SAID.exec(why)?.[0];
  if (day === undefined || command.when === undefined || DAY_SAID.test(command.when) || /\b(?:in|every|each)\b/.test(command.when)) return command;
  return { ...command, when: `${command.when} ${/^(?:on|this|next|today|tonight|tomorrow)\b/.test(day) ? day : `on ${day}`}` };
}

/** "i have a meeting with al on march 21st at 10", "i'll be seeing my therapist every thursday at 2pm", said to the assistant alone. */
function ownPlan(text: string): Command | undefined {
  const m = OWN_PLAN.exec(fluent(normalize(text).replace(WAKE, " ")));
  if (!m) return undefined;
  const rest = m[1]!.replace(/^seeing\b/, "see");
  if (!PLAN_ACT.test(rest) || !(EVENT_THING.test(rest) || TRAVEL.test(rest) || /^(?:meet|see|visit|attend|go to|be at|pick up|drop off)\b/.test(rest))) return undefined;
  if (chronoWhen(spokenTimes(rest, "reminder")) === undefined) return undefined;
  const plan = timed(rest, !/^(?:meet|see|visit|attend|go to|be at|pick up|drop off)\b/.test(rest), rest, "reminder");
  // "i've got a dentist appointment on friday": the thing keeps its article ("remind me about a dentist appointment").
  const article = /^(a|an) /.exec(rest)?.[1];
  return plan.type === "reminder" && plan.about && article !== undefined && plan.what !== undefined && !/^(?:a|an|the|my)\b/.test(plan.what) ? { ...plan, what: `${article} ${plan.what}` } : plan;
}
