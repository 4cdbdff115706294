// Household and device actions: timers, alarms, lists, the calendar, music,
// smart-home devices, finding the phone. Low-risk and easy to undo, so they
// are spawned directly - except wiping a whole list or calendar, which is a
// nudge.

import { ActionRule, V, rx } from "./lexicon.js";

const W = "(?: [a-z0-9'-]+)";
const NUM = "(?:\\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|fifteen|twenty|thirty|forty|forty five|fifty|sixty)";
const ADD = "add|adding|put|place|insert|include|write|stick|throw|jot|toss|pop|enter|append|plug";
const REMOVE = "remove|delete|erase|scratch|cross|take|drop|clear|strike|get rid of|cancel|undo|wipe|pull";
const OWNER = "(?: (?:my|the|our|a|this|that))?";
const LIST_ANY = "(?:list|lists|playlist|calendar|schedule|agenda|music|queue|planner|diary)";
// Kind from the target of the edit.
const PLAYLIST = /\b(?:playlist|music|queue)\b/;
const CALENDAR = /\b(?:calendar|schedule|agenda|planner|diary|event|events)\b/;
const SHOPPING = /\b(?:shopping|grocery|groceries)\b/;

// The object must come between the verb and the list: "put on some music" is playback, not a list edit.
const ADD_V = `${V(ADD)} (?!on |in |up )[a-z0-9]`;
const onList = (target: string): string => `\\b(?:to|on|onto|in|into)${OWNER}${W}{0,3}? ${target}\\b`;
const offList = (target: string): string => `\\b(?:off|from|on|in)${OWNER}${W}{0,3}? ${target}\\b`;

export const HOME_RULES: ActionRule[] = [
  {
    kind: "timer", decision: "spawn", verb: "set",
    re: rx(`${V("set|setting|start|create|make|begin|put on|run|need|want|like|give me|get")}${W}{0,5}? timers?\\b|\\btimer (?:for|of) ${NUM}\\b|${NUM} (?:minute|second|hour) timer\\b|${V("count ?down|counting down|start counting down|countdown")}\\b`),
    inQuestions: false, why: "set a timer",
  },
  {
    kind: "alarm", decision: "spawn", verb: "set",
    re: rx(`${V("set|setting|start|create|make|put in|put|sound|need|want|like|add|schedule|give me|get|have")}${W}{0,5}? alarms?\\b|\\bwake me(?: up)? (?:at|in|tomorrow|by|before)\\b|\\balarm (?:for|at) (?:\\d|noon|midnight|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\\b`),
    unless: /\b(?:car|fire|smoke|burglar|house|security) alarm\b/,
    why: "set an alarm",
  },
  // Lists. Additions are spawned; the target decides the kind.
  { kind: "media", decision: "spawn", verb: "add", re: rx(`${ADD_V}.*?${onList("(?:playlist|music|queue)")}`), why: "add to a playlist" },
  { kind: "calendar", decision: "spawn", verb: "add", re: rx(`${V(ADD + "|schedule|block|pencil")} (?!on |in |up )[a-z0-9].*?${onList("(?:calendar|schedule|agenda|planner|diary)")}`), why: "add to the calendar" },
  { kind: "shopping_list", decision: "spawn", verb: "add", re: rx(`${ADD_V}.*?${onList("list")}`), also: SHOPPING, why: "add to the shopping list" },
  { kind: "todo", decision: "spawn", verb: "add", re: rx(`${ADD_V}.*?${onList("(?:list|lists|to do|todo|to-do)")}`), why: "add to a list" },
  // "... can you add them": the list was named in an earlier clause.
  { kind: "todo", decision: "spawn", verb: "add", re: rx(`${V(ADD)} (?:it|them|that|those|this|these)\\b`), also: /\blists?\b/, why: "add to a list (named earlier)" },
  // Passive: "i want this song put on my kids playlist".
  { kind: "todo", decision: "spawn", verb: "add", re: rx(`\\b(?:put|added|placed) (?:on|to|onto)${OWNER}${W}{0,3}? (?:list|lists|playlist|calendar|schedule|agenda)\\b`), why: "add to a list (passive)" },
  // Removals: one item is a spawn, wiping a whole list/calendar a nudge.
  {
    kind: "calendar", decision: "nudge", verb: "clear",
    re: rx(`${V("clear|erase|wipe|empty|delete|reset|cancel")}${OWNER}${W}{0,3}? ${LIST_ANY}\\b|\\b${LIST_ANY}\\b.*\\b(?:cleared|erased|wiped|emptied)\\b`),
    why: "clear a list / calendar",
  },
  { kind: "todo", decision: "spawn", verb: "remove", re: rx(`${V(REMOVE)}.*?${offList(LIST_ANY)}`), why: "remove from a list" },
  {
    kind: "calendar", decision: "spawn", verb: "remove",
    re: rx(`${V("cancel|delete|remove|erase|undo|drop|move|reschedule|push back")}${W}{0,5}? (?:events?|appointments?|party|lunch|dinner|meeting)\\b|${V("delete|remove|cancel")}${W}{1,4} (?:on|for|this|next) (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|today|tonight)\\b`),
    why: "remove a calendar event",
  },
  // Music.
  {
    kind: "media", decision: "spawn", verb: "play",
    re: rx(`${V("play|put on|start playing|shuffle|resume|queue up|queue|blast|throw on")} [a-z0-9]|${V("hear|listen to")}${W}{0,4}? (?:music|songs?|playlist|album|track|radio|podcast|band|by|jazz|rock|pop|rap|country|classical|hip hop|station)\\b`),
    unless: /\b(?:game|games|golf|tennis|dice|die|coin|trivia|chess|cards|sports?|football|basketball|soccer|baseball|catch|role|video|along|dead|fair|a part|again|that again|joke|story|instrument|guitar|piano|violin|questions|hide and seek|it cool|it safe|by ear)\b/,
    why: "play music",
  },
  {
    kind: "media", decision: "spawn", verb: "skip to",
    re: rx(`\\b(?:skip|(?:next|following) (?:song|track|one)|previous (?:song|track))\\b|${V("pause|stop|resume|mute")}(?: the| this| my)? (?:music|song|playback|track|podcast|playlist)\\b`),
    why: "skip / control playback",
  },
  // Smart home.
  {
    kind: "smart_home", decision: "spawn", verb: "turn",
    re: rx(`${V("turn|switch|flip|shut|power|flick|put on")}${W}{0,4}? (?:on|off)\\b|${V("turn|crank")} (?:up|down)(?: the| my)? (?:heat|heater|ac|a/c|air|thermostat|temperature|lights?|fan)\\b|${V("turn|crank")}(?: the| my)? (?:heat|heater|ac|a/c|air|thermostat|temperature|lights?|fan|music)(?: [a-z]+)? (?:up|down)\\b|${V("put on|dim|brighten")}${W}{0,3}? lights?\\b|${V("lock|unlock|engage|secure|open|close|shut")}.*\\b(?:doors?|locks?|garage|windows?|blinds|curtains|gate|house)\\b`),
    unless: /\b(?:whisper|voice|mode|tv show|turn off the alarm)\b/,
    why: "smart-home device command",
  },
  {
    kind: "smart_home", decision: "spawn", verb: "set",
    re: rx(`${V("set|change|adjust|raise|lower|make sure|turn|put|bring|preheat|heat|cool|keep")}.*\\b(?:thermostat|temperature|heat|heater|heating|ac|a/c|air conditioning|air conditioner|oven|furnace|fan)\\b.*\\b(?:to|at) \\d+|${V("preheat")} the oven\\b|${V("start|run|turn on")}(?: the| my)? (?:dishwasher|washer|dryer|washing machine|vacuum|roomba|coffee maker|sprinklers?)\\b`),
    why: "smart-home setting",
  },
  // Ring / locate the user's phone (a lost-phone statement is the request).
  {
    kind: "device", decision: "spawn", verb: "find",
    re: /\b(?:find|finding|locate|locating|ring|track|where is|where did i (?:put|leave)|where i (?:left|put)|seen|lost|misplaced|cannot find|can not find|looking for)\b(?: [a-z']+){0,3}? (?:phone|cellphone|cell phone|cell|iphone|mobile|smartphone|tablet|ipad)\b|\b(?:phone|cellphone|iphone)\b(?: [a-z']+){0,2} (?:cannot|can not|is|got) (?:be )?(?:found|lost|missing)\b/,
    unless: /\bphone (?:number|case|charger|bill|plan|call|app|deals?)\b|\b(?:new|cheap|best|android) phone\b/,
    inQuestions: true, why: "find my phone",
  },
  // Lost luggage: the complaint is the request to file a claim.
  {
    kind: "travel_claim", decision: "nudge", verb: "report", task: "report lost luggage",
    re: /\b(?:luggage|baggage|bags?|suitcases?)\b(?: [a-z']+){0,4}? (?:lost|missing|never (?:arrived|showed|came)|did not (?:arrive|come|show)|gone|misplaced|stolen)\b|\b(?:lost|misplaced|miss placed|cannot find|can not find|locate|find|where is|what happened to|track)\b(?: [a-z']+){0,3}? (?:luggage|baggage|bags?|suitcases?)\b/,
    unless: /\bcarry.?on\b|\b(?:fee|fees|allowance|weight|size|plastic|grocery)\b/,
    inQuestions: true, why: "report lost luggage",
  },
];

/** Refine a list-edit kind from its target words (the generic list rules say "todo"). */
export function listKind(kind: string, t: string): string {
  if (kind !== "todo") return kind;
  if (PLAYLIST.test(t)) return "media";
  if (CALENDAR.test(t)) return "calendar";
  if (SHOPPING.test(t)) return "shopping_list";
  return kind;
}
