/**
 * An event of the user's own, told with its time: "my driving test is on thursday at ten",
 * "my sister's wedding is on saturday", "my flight leaves at six on sunday morning". What
 * the user goes to, or takes part in, later: a plan as much as "I'll go to the wedding on
 * saturday", said the way people tell each other their week. Only the user's own ("my",
 * "our", "my sister's"), only an event, only with a time ahead right after its verb: "my
 * brother's party was great", "the meeting is at three" (whose?) and "my car is at the
 * garage" stay quiet.
 */
import { timeAhead } from "./time.js";
import type { Plan, PlanContext } from "./words.js";

// Events one goes to or takes part in, and what one does about each.
const TAKEN = "tests?|exams?|finals|driving test|mot";
const CAUGHT = "flights?|train|ferry|coach|bus";
const GIVEN = "presentation|talk|speech|recital|performance|audition";
const GONE_TO = "interview|appointment|wedding|party|meeting|class|course|workshop|lesson|game|match|concert|play|show|surgery|operation|check-?up|graduation|ceremony|funeral|trip|holiday|vacation|hearing|reunion|race|tournament|rehearsal|practice|date";
const EVENT = `(?:${TAKEN}|${CAUGHT}|${GIVEN}|${GONE_TO})`;
const OWN_EVENT = new RegExp(
  `^((my|our)(?: [a-z]+'s?)?(?: [a-z-]+){0,2}? (${EVENT})(?: (?:to|from|with|for|in) [a-z-]+(?: [a-z-]+)?)??)\\s+(?:is|are|starts?|begins?|will (?:be|start|begin)|leaves?|departs?|takes off|kicks off|is (?:on|at|booked for|set for))\\s+(.+)$`,
  "i",
);

// What may come between the verb and the day: nothing, a word placing it, or an hour ("at nine tomorrow", "at 6:30 on sunday").
const AFTER_THE_VERB = /^(?:(?:on|at|in|this|next|around|by|from) )?(?:(?:at|around|by|from) (?:\d{1,2}(?::\d\d)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|noon)(?: ?(?:am|pm|a\.m\.|p\.m\.|o'clock|thirty|fifteen|forty-?five))?,? )?$/i;

// Someone coming to the user: family and friends as "my …" or "our …", and those who come to work on a home as "the …".
const KIN = "mum|mom|mother|dad|father|parents|folks|sister|brother|son|daughter|kids|children|grandma|grandpa|gran|granny|nan|grandparents|aunt|auntie|uncle|cousins?|in-laws|mother-in-law|father-in-law|sister-in-law|brother-in-law|niece|nephew|friends?|family|guests|visitors|boyfriend|girlfriend|partner";
const TRADE = "plumber|electrician|builders?|decorators?|painters?|cleaner|gardener|engineer|technician|repair ?man|gas man|boiler man|handyman|locksmith|carpenter|landlord|estate agent|inspector|removal men|movers|babysitter|nanny|dog walker";
const VISITOR = new RegExp(
  `^((?:(?:my|our)(?: [a-z]+'s)?(?: [a-z-]+)?? (?:${KIN})|the (?:${TRADE}))(?:'s| is| are|'re) (?:coming (?:over|round|around|home|back|to stay|to visit|for (?:dinner|lunch|tea|the weekend))|coming|visiting|arriving|getting here|popping (?:over|round|in|by)|dropping by|staying(?: with us| with me)?))\\s+(.+)$`,
  "i",
);

/** "my mum's coming over on sunday", "the plumber is coming tomorrow at ten": a visit to the user, reminded as said. */
function visitor(clause: string, ctx: PlanContext): Plan | undefined {
  const m = VISITOR.exec(clause.trim());
  if (!m) return undefined;
  const [, coming, rest] = m as unknown as [string, string, string];
  const when = timeAhead(rest, ctx.now);
  if (when === undefined || !AFTER_THE_VERB.test(rest.slice(0, when.index))) return undefined;
  const action = coming.replace(/'s (?=coming|visiting|arriving|getting|popping|dropping|staying)/i, " is ").replace(/'re /i, " are ").toLowerCase();
  return { kind: "arrangement", action, when: rest.slice(0, when.index + when.text.length).replace(/[\s,]+$/, "").toLowerCase(), from: "user", that: true };
}

// "I've got a dentist appointment on thursday at three", "the kids have a match on saturday": an event someone has.
const HAS_EVENT = new RegExp(
  `^((?:i|we)(?: have got| have|'ve got|'ve| got)|(?:my|our)(?: [a-z]+'s)? (?:${KIN})(?: has got| have got| has| have|'s got|'ve got)|the (?:kids|children|boys|girls)(?: have got| have|'ve got)) (?:(a|an|my|our|his|her|their|the) )((?:[a-z'-]+ ){0,3}?(?:${EVENT}))\\s+(.+)$`,
  "i",
);
// What may come between the event and its time: whom with or where ("with my boss", "at the clinic"), then as after a verb.
const WITH_THEN_TIME = new RegExp(`^((?:with|at|for) (?:[\\w'-]+ ){1,3}?)?${AFTER_THE_VERB.source.slice(1)}`, "i");

/** "I've got an interview on monday" → go to my interview on monday; "the kids have a match on saturday" → that the kids have …. */
function hasEvent(clause: string, ctx: PlanContext): Plan | undefined {
  const m = HAS_EVENT.exec(clause.trim());
  if (!m) return undefined;
  const [, subject, article, event, rest] = m as unknown as [string, string, string, string, string];
  const when = timeAhead(rest, ctx.now);
  const between = when === undefined ? null : WITH_THEN_TIME.exec(rest.slice(0, when.index));
  if (when === undefined || between === null) return undefined;
  const time = rest.slice(0, when.index + when.text.length).slice(between[1]?.length ?? 0).replace(/[\s,]+$/, "").toLowerCase();
  // "I have a class at 2 as well": an hour alone is today's routine, told in passing; a day makes it a plan told.
  if (!DAY_NAMED.test(time)) return undefined;
  const named = `${event}${between[1] === undefined ? "" : ` ${between[1].trim()}`}`.toLowerCase();
  if (/^(?:i|we)\b/i.test(subject)) {
    const whose = /^we\b/i.test(subject) ? "our" : "my";
    return { kind: "arrangement", action: `${verbFor(event)} ${/^(?:a|an|the)$/i.test(article) ? whose : article.toLowerCase()} ${named}`, when: time, from: whose === "our" ? "together" : "user" };
  }
  return { kind: "arrangement", action: `${subject} ${article} ${named}`.toLowerCase().replace(/'s got /, " has ").replace(/'ve got /, " have "), when: time, from: "user", that: true };
}

const DAY_NAMED = /\b(?:today|tonight|tomorrow|(?:mon|tues|wednes|thurs|fri|satur|sun)day|weekend|week|month|year|morning|afternoon|evening|night|\d{1,2}(?:st|nd|rd|th)|first|second|third|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*)\b/i;

const IS_TAKEN = new RegExp(`^(?:${TAKEN})$`, "i");
const IS_CAUGHT = new RegExp(`^(?:${CAUGHT})$`, "i");
const IS_GIVEN = new RegExp(`^(?:${GIVEN})$`, "i");

/** What one does about an event: take a test, catch a flight, give a talk, go to the rest. */
function verbFor(event: string): string {
  const last = event.split(" ").at(-1)!;
  return IS_TAKEN.test(last) ? "take" : IS_CAUGHT.test(last) ? "catch" : IS_GIVEN.test(last) ? "give" : "go to";
}

/** The plan in "my <event> is <time>", an event someone has, or a visit to the user; or undefined. */
export function ownEvent(clause: string, ctx: PlanContext): Plan | undefined {
  const visit = visitor(clause, ctx) ?? hasEvent(clause, ctx);
  if (visit !== undefined) return visit;
  const m = OWN_EVENT.exec(clause.trim());
  if (!m) return undefined;
  const [, named, whose, event, rest] = m as unknown as [string, string, string, string, string];
  // The time comes first after the verb ("is on thursday at ten", "leaves at six"), not somewhere later.
  const when = timeAhead(rest, ctx.now);
  if (when === undefined || !AFTER_THE_VERB.test(rest.slice(0, when.index))) return undefined;
  return { kind: "arrangement", action: `${verbFor(event)} ${named.toLowerCase()}`, when: rest.slice(0, when.index + when.text.length).replace(/[\s,]+$/, "").toLowerCase(), from: whose.toLowerCase() === "our" ? "together" : "user" };
}
