/** A time settled after the plan was made: "Let's go work out." … "How about at 3:30?", or the answer to "when are you going to …?". */
import { PROPOSAL_LEAD, REFUSE, yesSaid } from "./agreement.js";
import { planIn } from "./clause.js";
import { FREE_ASKED, thingProposed } from "./invitations.js";
import { onTheDay, settledTime, TIME_PROPOSAL, timeAhead } from "./time.js";
import { apostrophes, sentencesOf, HYPOTHETICAL, lowerFirst, MAX_SETTLING_WORDS, type Plan, type PlanContext, type SpokenTurn } from "./words.js";

// The other asking when the user will do something: "When are you going to take your vacation?"
// (speech without a question mark too: the words already ask).
const WHEN_ASKED = /^(?:(?:so|and|but|well|ok(?:ay)?)[\s,]+)*(?:when|what time|what day) (?:are you (?:going to|gonna|planning to|planning on)|will you|do you (?:plan|want|need|have) to|(?=are you \w+ing\b)are you) (.+?)\??$/i;

/**
 * The user's own plan told in answer to "when are you going to …?": "Later this month."
 * The user says the time; the plan is theirs, in the other's words turned round ("your
 * vacation" → "my vacation").
 */
async function whenAnswered(said: string, asked: string, ctx: PlanContext): Promise<Plan | undefined> {
  const question = apostrophes(asked).split(/(?<=[.!?])\s+/).reverse().map((t) => WHEN_ASKED.exec(t.trim())).find((m) => m !== null);
  if (!question) return undefined;
  const first = said.split(/(?<=[.!?;])\s+/)[0] ?? "";
  if (REFUSE.test(first) || first.split(/\s+/).length > MAX_SETTLING_WORDS) return undefined;
  const time = timeAhead(first, ctx.now);
  if (time === undefined) return undefined;
  // "When do you want to meet?": meeting the one who asks.
  const doing = question[1]!.replace(/\byours\b/gi, "mine").replace(/\byour\b/gi, "my").replace(/\byou\b/gi, "me").replace(/^(meet(?: up)?)$/i, `$1 with ${ctx.listener ?? "them"}`);
  const frame = /^\w+ing\b/i.test(doing) ? "I'm" : "I'm going to";
  // "wednesday at half two" → "on wednesday at half two", as the plan is said whole.
  const when = onTheDay(time.text.replace(/[\s,.]+$/, ""));
  const plan = await planIn(`${frame} ${doing} ${when}.`, { now: ctx.now, ...(ctx.listener !== undefined && { listener: ctx.listener }) });
  return plan?.from === "user" ? plan : undefined;
}

/**
 * A time settled after the plan was made: "Let's go work out later." … "How about at
 * 3:30?" (the user), or the other person naming the time and the user agreeing ("What
 * time? Six?" → "OK"). The plan is the latest one without a time in the user's earlier
 * turns (or in the other's proposals), the time the one just said.
 */
export async function timeSettled(
  userText: string,
  earlier: readonly SpokenTurn[],
  ctx: PlanContext,
): Promise<Plan | undefined> {
  const other = earlier.at(-1);
  const said = apostrophes(userText).trim();
  const answered = other !== undefined && !other.isUser ? await whenAnswered(said, other.text, ctx) : undefined;
  if (answered !== undefined) return answered;
  // The user naming the time ("How about at 3:30?", "Six o'clock then.") in a few words …
  let time = said.split(/\s+/).length <= MAX_SETTLING_WORDS || TIME_PROPOSAL.test(said) ? settledTime(said, ctx.now) : undefined;
  // … or agreeing to the time the other person named.
  if (time === undefined && other !== undefined && !other.isUser) {
    const first = said.split(/(?<=[.!?;])\s+/)[0] ?? "";
    if (yesSaid(first) !== undefined) time = settledTime(apostrophes(other.text), ctx.now);
  }
  if (time === undefined) return undefined;
  for (const turn of [...earlier].reverse()) {
    // A proposal of the user's, or one the other person made ("shall we go …"): never the other's own plans.
    const proposal = turn.isUser ? turn.text : sentencesOf(turn.text).find((t) => PROPOSAL_LEAD.test(t.trim()));
    if (proposal === undefined) continue;
    const plan = turn.isUser
      ? ((await planIn(proposal, { ...ctx, untimed: true })) ?? thingProposed(proposal, ctx.listener))
      : await planIn(proposal.trim().replace(PROPOSAL_LEAD, "we should "), { now: ctx.now, listener: turn.speaker, untimed: true });
    if (plan === undefined || plan.from !== "together") continue;
    if (plan.when !== undefined) return undefined; // it had its time: asked about then, or not at all
    return { ...plan, when: lowerFirst(time.text), from: turn.isUser ? plan.from : "accepted" };
  }
  return undefined;
}

// An hour said without "at", in a short proposal or said back: "How about eleven thirty?", "11:30 works for me".
const BARE_HOUR = /^(?:(?:half|quarter|ten|twenty|five) (?:past|to) )?(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|noon)(?: (?:o'clock|fifteen|thirty|forty-five))?(?:\s?[ap]\.?m\.?)?$|^\d{1,2}(?::\d\d)?\s?(?:[ap]\.?m\.?)?$/i;
// The other proposing an hour: "How about eleven thirty, then?", "What about 3?", "Say ten?".
const HOUR_PROPOSED = /^(?:(?:ok(?:ay)?|well|so|then|and)[\s,]+)*(?:how about|what about|shall we say|let's say|say|maybe)\s+(?:at\s+)?(.+?)(?:,?\s+then)?\s*\?$/i;
// The user taking a time: "Eleven thirty works for me.", "Three is fine.", "That works."
const TIME_TAKEN = /^(?:(?:ok(?:ay)?|yes|yeah|sure|great|perfect)[\s,.!]*)*(?:(.{1,25}?)|that|it)\s+(?:works|is (?:fine|good|perfect|great)|suits me|would be (?:fine|great|perfect))(?: for me)?\s*[.!]?$/i;
// What the meeting is for, in the other's words: "we need to go over the budget", "let's sort out the rota"; said with its reason ("before the board meeting"), the reason goes.
const ITS_REASON = /\s+(?:before|after|because|so that|since|as soon as)\b.*$/i;

/** The hour the user took: said back ("Eleven thirty works"), or the one the other just proposed and the user said yes to. */
function hourTaken(answer: string, proposal: string): string | undefined {
  const first = answer.split(/(?<=[.!?;])\s+/)[0] ?? "";
  const taken = TIME_TAKEN.exec(first);
  if (taken?.[1] !== undefined) return BARE_HOUR.test(taken[1].trim()) ? taken[1].trim().toLowerCase() : undefined;
  if (taken === null && yesSaid(first) === undefined) return undefined;
  const proposed = sentencesOf(proposal).map((t) => HOUR_PROPOSED.exec(t.trim())?.[1]?.trim()).find((h) => h !== undefined && BARE_HOUR.test(h));
  return proposed?.toLowerCase();
}

/**
 * A meeting whose time is negotiated over turns: the other asks whether the user is free ("Are you free tomorrow
 * morning?"), the hour goes back and forth ("How about eleven thirty, then?") and the user takes one ("Eleven thirty
 * works for me."): meeting them then, for what they said it was for ("we need to go over the budget"). Without the
 * other asking first, an hour taken is no meeting.
 */
export async function meetingNegotiated(userText: string, earlier: readonly SpokenTurn[], ctx: PlanContext): Promise<Plan | undefined> {
  const other = earlier.at(-1);
  if (other === undefined || other.isUser) return undefined;
  const hour = hourTaken(apostrophes(userText).trim(), apostrophes(other.text));
  if (hour === undefined) return undefined;
  const theirs = earlier.slice(-6).filter((t) => !t.isUser).flatMap((t) => sentencesOf(t.text));
  const asked = theirs.filter((t) => FREE_ASKED.test(t) && !HYPOTHETICAL.test(t)).map((t) => timeAhead(t, ctx.now)).find((t) => t !== undefined);
  if (asked === undefined) return undefined;
  let purpose: string | undefined;
  for (const sentence of theirs) {
    const plan = /^(?:we|let's|let us)\b/i.test(sentence.trim()) ? await planIn(sentence, { ...ctx, untimed: true }) : undefined;
    // Its own time ("before Friday") is when it is due, not the meeting's.
    if (plan?.from === "together") purpose = plan.action.replace(ITS_REASON, "").replace(plan.when ?? "", "").replace(/\s+/g, " ").trim();
  }
  const when = `${onTheDay(asked.text.replace(/[\s,.!?]+$/, ""))} at ${hour}`;
  const who = ctx.listener ?? "them";
  const action = purpose === undefined ? `meet ${who} ${when}` : `${purpose}${purpose.split(/\s+/).length <= 5 ? ` with ${who}` : ""} ${when}`;
  return { kind: "arrangement", action, when: lowerFirst(when), from: "accepted" };
}
