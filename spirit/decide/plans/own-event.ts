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
const GONE_TO = "interview|appointment|wedding|party|meeting|class|lesson|game|match|concert|play|show|surgery|operation|check-?up|graduation|ceremony|funeral|trip|holiday|vacation|hearing|reunion|race|tournament|rehearsal|practice|date";
const EVENT = `(?:${TAKEN}|${CAUGHT}|${GIVEN}|${GONE_TO})`;
const OWN_EVENT = new RegExp(
  `^((my|our)(?: [a-z]+'s?)?(?: [a-z-]+){0,2}? (${EVENT}))\\s+(?:is|are|starts?|begins?|will (?:be|start|begin)|leaves?|departs?|takes off|kicks off|is (?:on|at|booked for|set for))\\s+(.+)$`,
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

/** The plan in "my <event> is <time>" or a visit to the user, or undefined. */
export function ownEvent(clause: string, ctx: PlanContext): Plan | undefined {
  const visit = visitor(clause, ctx);
  if (visit !== undefined) return visit;
  const m = OWN_EVENT.exec(clause.trim());
  if (!m) return undefined;
  const [, named, whose, event, rest] = m as unknown as [string, string, string, string, string];
  // The time comes first after the verb ("is on thursday at ten", "leaves at six"), not somewhere later.
  const when = timeAhead(rest, ctx.now);
  if (when === undefined || !AFTER_THE_VERB.test(rest.slice(0, when.index))) return undefined;
  const verb = new RegExp(`^(?:${TAKEN})$`, "i").test(event) ? "take" : new RegExp(`^(?:${CAUGHT})$`, "i").test(event) ? "catch" : new RegExp(`^(?:${GIVEN})$`, "i").test(event) ? "give" : "go to";
  return { kind: "arrangement", action: `${verb} ${named.toLowerCase()}`, when: rest.slice(0, when.index + when.text.length).replace(/[\s,]+$/, "").toLowerCase(), from: whose.toLowerCase() === "our" ? "together" : "user" };
}
