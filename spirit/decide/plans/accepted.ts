/** A plan agreed between two speakers: the user accepting another's proposal or request, or another accepting the user's. */
import { AGREE_TOGETHER, COME_ALONG, COME_INVITED, JOIN_ASKED, PROPOSAL, PROPOSAL_LEAD, QUESTION_LEAD, REFUSE, SEE_YOU_THEN, yesSaid } from "./agreement.js";
import { planIn } from "./clause.js";
import { BARE_GOING, goneTo, thingProposed } from "./invitations.js";
import { withReferent } from "./referred.js";
import { LOOSE, onTheDay, settledTime, TIME_PROPOSAL, timeAhead, timeFromTurns } from "./time.js";
import { apostrophes, sentencesOf, BACKCHANNEL_ONLY, HYPOTHETICAL, lowerFirst, MAX_SETTLING_WORDS, MAX_UNTIMED_WORDS, MOVING, NOW_VERBS, type Plan, type PlanContext, type SpokenTurn, SERVICE, TALKING } from "./words.js";

const HOW_ABOUT = /^(?:(?:so|and|well|hey|ok(?:ay)?)[\s,]+)*(?:how|what) about\b/i;

/**
 * "How about lunch tomorrow?" → "Sounds good. Noon?": the thing the other proposed, at the time
 * it names, with an hour the user adds. Without a time said by either, no plan.
 */
function thingAccepted(proposed: string, added: string, speaker: string, now: Date): Plan | undefined {
  const question = sentencesOf(proposed).reverse().find((t) => HOW_ABOUT.test(t.trim()) && /\?\s*$/.test(t));
  const thing = question === undefined ? undefined : thingProposed(question, speaker);
  if (thing === undefined) return undefined;
  const own = timeAhead(thing.action, now);
  // "Noon?": an hour said alone is settled too (settledTime reads a time proposed, not a bare "noon").
  const words = added.replace(/^[\s,.!]+/, "").trim();
  const hour = words === "" ? undefined : (settledTime(words, now) ?? (/^(?:noon|midday)\b/i.test(words) ? { text: words.replace(/[?.!\s]+$/, "").toLowerCase(), index: 0 } : undefined));
  if (own === undefined && hour === undefined) return undefined;
  const at = hour === undefined ? "" : /^(?:\d|noon|midday|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b/i.test(hour.text) ? `at ${hour.text}` : hour.text;
  const action = `${thing.action}${at && ` ${at}`}`.replace(/[\s?.!]+$/, "");
  const when = [own?.text, at].filter((w) => w !== undefined && w !== "").join(" ");
  return { ...thing, action, when: lowerFirst(when), from: "accepted" };
}

const ARE_YOU_COMING = /^(?:(?:so|and|hey|oh)[\s,]+)*are you (?:coming|going) (to (?:my|our) |to the |(?:over|round) )/i;

// The other checking a plan already made, as a question: "So we'll meet at the station at nine?", "We're leaving at six, right?",
// "You'll bring the drinks on Saturday?".
const CHECKED = /^(?:(?:so|and|ok(?:ay)?|right|then)[\s,]+)*(we'll|we will|we're|we are|you'll|you will|you're going to|you are going to)\s+(.+?)(?:,?\s*(?:right|yes|yeah|then|correct|is that right|OK))?\s*\?$/i;
// The user confirming it: "Right.", "Yes, exactly.", "That's right.", "Correct."
const CONFIRMED = /^(?:(?:yes|yeah|yep|yup|right|exactly|correct|that's right|that's it|that's the plan|sure|ok(?:ay)?|absolutely|definitely|of course)[\s,.!]*)+/i;

/** A plan the other checks as a question, confirmed by the user: "So we'll meet at the station at nine?" → "Right." Theirs alone ("I'll …?") is not. */
async function planConfirmed(reply: string, request: { speaker: string; text: string }, now: Date): Promise<Plan | undefined> {
  const first = reply.split(/(?<=[.!?;])\s+/)[0] ?? "";
  const yes = CONFIRMED.exec(first);
  if (yes === null || REFUSE.test(first.slice(yes[0].length)) || REFUSE.test(reply.slice(0, 40))) return undefined;
  for (const sentence of sentencesOf(request.text).reverse()) {
    const m = CHECKED.exec(sentence.trim());
    if (!m || HYPOTHETICAL.test(sentence)) continue;
    // "you'll bring the drinks" is the user's own: "I'll bring the drinks"; "me" and "my" are the one asking.
    const frame = /^you/i.test(m[1]!) ? "I'll" : m[1]!;
    const said = /^you/i.test(m[1]!) ? m[2]!.replace(/\bme\b/gi, request.speaker).replace(/\bmy\b/gi, `${request.speaker}'s`) : m[2]!;
    if (/^you/i.test(m[1]!) && /\byou\b/i.test(said)) continue;
    const plan = await planIn(`${frame} ${said}.`, { now, listener: request.speaker });
    if (plan?.when !== undefined) return { ...plan, from: "accepted" };
  }
  return undefined;
}

/**
 * The user accepting another speaker's proposal or request ("Shall we meet at six?" →
 * "Sure."; "can you call me tomorrow?" → "ok, will do"): it becomes the user's plan,
 * with "me" meaning the one who asked.
 */
export async function acceptedRequest(userText: string, request: { speaker: string; text: string } | undefined, now: Date): Promise<Plan | undefined> {
  if (request === undefined) return undefined;
  const reply = apostrophes(userText).trim();
  const confirmed = await planConfirmed(reply, { speaker: request.speaker, text: apostrophes(request.text) }, now);
  if (confirmed !== undefined) return confirmed;
  const first = reply.split(/(?<=[.!?;])\s+/)[0] ?? "";
  const yes = yesSaid(first);
  // "Oh sure, I wish I could.": a yes taken back by a wish or a condition.
  if (yes === undefined || HYPOTHETICAL.test(first.slice(yes.length))) return undefined;
  // "Can you come in at ten tomorrow?" → "That'll be fine": a visit arranged.
  const visit = visitArranged(request.text, [], now, request.speaker, false);
  if (visit !== undefined) return { ...visit, from: "accepted" };
  const meal = thingAccepted(request.text, reply.slice(yes.length), request.speaker, now);
  if (meal !== undefined) return meal;
  const asked = sentencesOf(request.text).reverse();
  // "When the spare room is ready, you should come and stay with us": an invitation after a lead-in clause.
  const invitations = asked.map((t) => t.split(/,\s+/).at(-1)!.trim()).filter((t) => COME_INVITED.test(t) && !asked.includes(t));
  for (const sentence of [...invitations, ...asked]) {
    // "Are you coming to my party on Saturday?": asked whether the user will come, an invitation all the same (going, for the user).
    const m = PROPOSAL.exec(sentence.trim().replace(/[.!?;]+$/, "").replace(ARE_YOU_COMING, (_said, to: string) => `do you want to ${/^to\b/i.test(to) ? "go" : "come"} ${to}`));
    if (!m) continue;
    // "stay with us", "visit us": whom with is what is named.
    const withThem = /\b(?:stay|visit)\b/i.test(m[1]!) ? `with ${request.speaker}` : "";
    let theirs = m[1]!.replace(/\s+with (?:me|us)\b/gi, withThem && ` ${withThem}`).replace(/\b(?:me|us)\b/gi, request.speaker).replace(/\bmy\b/gi, `${request.speaker}'s`).replace(/\byou\b/gi, "yourself");
    if (/\byourself\b/i.test(theirs)) continue; // "you" left inside: not a plan the words can carry
    // "I'm going hiking on Saturday. Want to come?": joining the other's own plan, said just before.
    if (BARE_GOING.test(theirs)) {
      const before = asked.filter((t) => t !== sentence);
      const joined = await theirPlan(before, request.speaker, now);
      // "We're having a housewarming party next Saturday. Can you come?": to the event they hold, at its time.
      const hosted = joined === undefined ? eventHosted(before, request.speaker, now) : undefined;
      if (hosted !== undefined) return hosted;
      if (joined === undefined) continue;
      theirs = `${joined} with ${request.speaker}`;
    }
    // A proposal for both ("shall we ask the others to join us?") stands without a time, kept as a note; what
    // someone asks of the user needs a time to do it by ("could you call them constraints?" is no plan).
    const forBoth = PROPOSAL_LEAD.test(sentence.trim()) || COME_INVITED.test(sentence.trim());
    const plan = await planIn(`we should ${theirs}.`, { now, listener: request.speaker, ...(forBoth && { untimed: true }) });
    if (plan === undefined) continue;
    if (plan.when !== undefined) return { ...plan, from: "accepted" };
    // Kept without a time only when it is for later: "should we plunge right into it?", "want to go ahead?" are for now.
    const verb = plan.action.split(/[^a-z']+/i)[0]!.toLowerCase();
    // Talking together is what they are doing now: "shall we chat about football?" → "sure".
    // Going somewhere named is a plan ("come to Ana's party"); going along, now, is not.
    // Staying with someone is a visit: "stay with Ana for a weekend".
    const goingSomewhere = (MOVING.has(verb) && /^\S+\s+(?:over\s+)?to\s+\S/i.test(plan.action)) || /^stay with\s+\S/i.test(plan.action);
    const forNow = (NOW_VERBS.has(verb) && !goingSomewhere) || TALKING.test(verb) || /^(?:ahead|on|along|through)$/.test(verb) || SERVICE.test(sentence.replace(/\bto join (?:you|them|us)\b/gi, "")) || /\b(?:then|now|right|it|this|that|here|there)\b/i.test(sentence);
    // A proposal in the form of a question is one only when asked: "Do you want to replace the file, no." is read out, and answered.
    const askedAsQuestion = !QUESTION_LEAD.test(sentence.trim()) || /\?\s*$/.test(sentence);
    if (forBoth && !forNow && askedAsQuestion) return { ...plan, from: "accepted" };
  }
  return undefined;
}

// The other holding an event: "we're having a party", "I'm throwing a barbecue", "we're hosting a dinner".
const HOSTING = /^(?:(?:so|well|oh|and|hey)[\s,]+)*(?:we're|we are|i'm|i am|we'll be|i'll be) (?:having|throwing|hosting|giving|holding|organi[sz]ing)\s+(?:a|an)\s+(?=\S)/i;

/** The event the other holds, told in the sentences before their invitation, with its time: "go to Ana's housewarming party next Saturday". */
function eventHosted(sentences: readonly string[], speaker: string, now: Date): Plan | undefined {
  for (const sentence of [...sentences].reverse()) {
    if (!HOSTING.test(sentence.trim()) || HYPOTHETICAL.test(sentence)) continue;
    const event = goneTo(sentence, now);
    if (event?.when === undefined) continue;
    // Theirs: "a housewarming party" is "Ana's housewarming party".
    return { ...event, action: event.action.replace(/^go to (?:a|an) /i, `go to ${speaker}'s `), from: "accepted" };
  }
  return undefined;
}

/** The other's own plan in their words ("I'm going hiking on Saturday"), as the user would join it: "go hiking on Saturday". */
async function theirPlan(sentences: readonly string[], speaker: string, now: Date): Promise<string | undefined> {
  for (const sentence of sentences) {
    const plan = await planIn(sentence, { now, listener: speaker, untimed: true });
    if (plan !== undefined && plan.from === "user" && !/\b(?:my|me)\b/i.test(plan.action)) return plan.action;
  }
  return undefined;
}

/** The other's own plan, told in their last turns ("I'm going for a hike in the hills"), joined: "go for a hike in the hills with Tom". */
async function joinedPlan(turns: readonly SpokenTurn[], now: Date): Promise<Plan | undefined> {
  for (const turn of [...turns].reverse().slice(0, 4)) {
    if (turn.isUser) continue;
    const sentences = sentencesOf(turn.text).filter((t) => !/\b(?:now|right now|just|was|were|went|did|had)\b/i.test(t));
    const joined = await theirPlan(sentences, turn.speaker, now);
    if (joined === undefined) continue;
    const found = timeAhead(joined, now) ?? timeFromTurns(turns.slice(-6), now);
    const when = found === undefined ? undefined : onTheDay(found.text.replace(/[\s,.!?]+$/, "")).replace(/^(?:the )?weekend$/i, "this weekend");
    // Whom with goes without saying when the plan is long already: a question a person takes in at once.
    const withWhom = joined.split(/\s+/).length <= 6 ? ` with ${turn.speaker}` : "";
    const action = `${joined}${withWhom}${when !== undefined && !joined.includes(when) ? ` ${when}` : ""}`;
    return { kind: "arrangement", action, ...(when !== undefined && { when: lowerFirst(when) }), from: "together" };
  }
  return undefined;
}

/** A time the user proposes in a few words ("What about tomorrow?", "How about Saturday at 11?"), with a loose time said right after it ("After lunch?"). */
function timeProposed(text: string, now: Date): string | undefined {
  const sentences = sentencesOf(text);
  for (const [i, sentence] of sentences.entries()) {
    const words = sentence.trim();
    if (words.split(/\s+/).length > MAX_SETTLING_WORDS || !(/\?\s*$/.test(words) || TIME_PROPOSAL.test(words))) continue;
    const time = settledTime(words, now);
    if (time === undefined) continue;
    // Only the time is said: "what about the weather tomorrow?" asks about something else.
    const rest = words.replace(/[?.!]+$/, "").replace(time.text, "").replace(/^(?:(?:ok(?:ay)?|well|so|then|and|anyway)[\s,]+)*(?:(?:how|what) about|shall we say|let's say|say)\b/i, "").replace(/,\s*\w+$/, "");
    if (!/^(?:[\s,]|\b(?:then|instead|maybe|at|around|about|o'clock|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirty|fifteen|forty-five|half|past|\d+(?::\d\d)?)\b)*$/i.test(rest)) continue;
    const after = sentences[i + 1] === undefined ? undefined : LOOSE.map(([re]) => re.exec(sentences[i + 1]!)).find((m) => m !== null && m !== undefined);
    // The time as said to the sentence's end: "tomorrow at ten" (chrono-node reads "tomorrow" only).
    const said = words.slice(time.index).replace(/[\s,.!?]+$/, "").replace(/,\s*\w+$/, "");
    const day = onTheDay(said.replace(/^(?:how|what) about\s+/i, ""));
    return [day, after?.[0].toLowerCase()].filter(Boolean).join(" ");
  }
  return undefined;
}

// A visit asked of the other at a time: "can you come over at 11?", "could you drop by tomorrow morning?".
// A visit arranged at a time: asked ("can you come over at 11?", "could you drop by tomorrow morning?") or offered ("I can come round at ten").
const VISIT = /^(?:(?:ok(?:ay)?|so|then|well|and)[\s,]+)*(?:(?:can|could|would|will) (you|someone|somebody|one of you)(?: please)?|(i|we|someone|somebody|one of us) (?:can|could|will|'ll|shall)) (?:come|drop|stop|pop)(?: (?:over|by|round|around|in|out))?\b\s*(.*?)[?.!]*$/i;
const FOR_A_PURPOSE = /^for (?:a|an|the|your|my) (?:[\w'-]+ ){0,2}?(?:interview|appointment|check-?up|meeting|fitting|viewing|consultation|test|scan|chat|coffee|drink|dinner|lunch)\s+/i;
const HOURS = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"];
const HOUR_WORD = new RegExp(String.raw`\b(at|around|by) (${HOURS.join("|")})\b`, "i");
// A day named in the turns before: "How about Saturday?" … "Can you come over at 11?".
const DAY = /\b(?:tomorrow|(?:this |next |on )?(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b/i;

/**
 * A visit arranged at a time, with the day from the turns before: the one who comes is the one asked, or the one
 * who offers. Said by the user (`byUser`, the other agrees) or by the other (the user agrees): "Can you come over at 11?"
 * asked by the user is the other coming (expect them); asked of the user, the user goes (visit them).
 */
function visitArranged(text: string, earlier: readonly { text: string }[], now: Date, other: string | undefined, byUser: boolean): Plan | undefined {
  for (const sentence of sentencesOf(text).reverse()) {
    const m = VISIT.exec(sentence.trim());
    if (!m || HYPOTHETICAL.test(m[3]!) || /\b(?:if|unless|wish)\b/i.test(sentence)) continue;
    // "come in for an interview on Monday at 10": what the visit is for, said before its time.
    const purpose = FOR_A_PURPOSE.exec(m[3]!);
    // chrono-node reads "at 10", not "at ten".
    const said = m[3]!.slice(purpose?.[0].length ?? 0).replace(HOUR_WORD, (_, at: string, n: string) => `${at} ${HOURS.indexOf(n.toLowerCase()) + 1}`);
    const time = timeAhead(said, now);
    // Only the time is said after the visit: "can you come in and sign this?" is something else.
    if (time === undefined || (time.index !== 0 && !/^(?:(?:on|at)\s+)?$/i.test(said.slice(0, time.index).trim()))) continue;
    let when = said.slice(time.index).trim();
    if (!DAY.test(when)) {
      const day = earlier.slice(-6).map((t) => DAY.exec(apostrophes(t.text))).filter((d) => d !== null).at(-1)?.[0];
      // "on saturday" → "on Saturday"; "next friday" → "next Friday"; "tomorrow".
      const named = day === undefined ? undefined : onTheDay(day.toLowerCase()).replace(/\b(\w)(?=\w*day$)(?!oday)/, (c) => c.toUpperCase());
      if (named !== undefined) when = `${named} ${when}`;
    }
    const otherComes = (m[1] !== undefined) === byUser;
    const visit = purpose === null ? `${otherComes ? "expect" : "visit"} ${other ?? "them"}` : `${otherComes ? `expect ${other ?? "them"}` : "go in"} ${purpose[0].trim().replace(/\byour\b/i, "my")}`;
    return { kind: "arrangement", action: `${visit} ${when}`, when: lowerFirst(when), from: "together" };
  }
  return undefined;
}

// A stay the user (or their family) arranged, told in an earlier turn: "we rented a cabin for the weekend", "my parents have booked a villa in Crete".
const STAY = /\b(?:rented|booked|reserved|hired)\s+(?:a|an)\s+((?:[\w'-]+\s+){0,2}?(?:cabin|cottage|condo(?:minium)?|house|villa|flat|apartment|chalet|lodge|boat|houseboat|camper|caravan|beach house))\b(?:\s+(?:in|at|on|by|near)\s+((?:the\s+)?[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)*))?/;

/** Where "come with us" goes: the stay the user told of in their turns before, with its time if one was said. */
function stayTold(earlier: readonly { isUser: boolean; text: string }[], now: Date, listener: string | undefined): Plan | undefined {
  for (const turn of [...earlier].reverse().slice(0, 4)) {
    if (!turn.isUser) continue;
    for (const sentence of sentencesOf(turn.text).reverse()) {
      if (HYPOTHETICAL.test(sentence) || /\b(?:last|ago|used to|once|when i was)\b/i.test(sentence)) continue;
      const m = STAY.exec(sentence);
      if (!m) continue;
      const place = m[2] !== undefined ? m[2] : `the ${m[1]!}`;
      const time = timeAhead(sentence, now) ?? timeFromTurns(earlier.slice(-6), now);
      // "for the weekend" is when they go: this weekend.
      const when = time?.text.replace(/[\s,.!?]+$/, "").replace(/^(?:for |over )?(?:the )?weekend$/i, "this weekend");
      return { kind: "arrangement", action: `go to ${place} with ${listener ?? "them"}${when !== undefined ? ` ${when}` : ""}`, ...(when !== undefined && { when: lowerFirst(when) }), from: "together" };
    }
  }
  return undefined;
}

/**
 * The arrangement settled when another speaker accepts what the user proposed or invited
 * them to ("Shall we try the new ramen place on Friday?" → "Sure, I'd love to"): the user's
 * plan, asked about once it is agreed. Its time may be in the proposal or in an earlier turn
 * of the same arrangement ("Are you free on Saturday?" … "Shall we go to the zoo?").
 * Without a time it is kept as a note only when it is no errand done now.
 */
export async function acceptedByOther(
  otherText: string,
  earlier: readonly SpokenTurn[],
  ctx: PlanContext,
): Promise<Plan | undefined> {
  const proposal = earlier.at(-1);
  if (proposal === undefined || !proposal.isUser) return undefined;
  // The yes may follow a first reaction: "Really? I'd love to!"
  const agreed = apostrophes(otherText)
    .trim()
    .split(/(?<=[.!?;])\s+/)
    .slice(0, 2)
    .some((sentence) => yesSaid(sentence) !== undefined || AGREE_TOGETHER.test(sentence));
  if (!agreed || REFUSE.test(otherText.split(/(?<=[.!?;])\s+/)[0] ?? "")) return undefined;
  // "Want some company?", "Can I come along?" → "Sure, …": the user joins the plan the other told just before.
  if (JOIN_ASKED.test(apostrophes(proposal.text))) {
    const joined = await joinedPlan(earlier.slice(0, -1), ctx.now);
    if (joined !== undefined) return joined;
  }
  const plan = await planIn(withReferent(proposal.text, earlier.slice(0, -1)), { ...ctx, untimed: true });
  // "Can you come over at 11?" → "That'll be fine.": a visit agreed, the user to be there for it.
  if (plan === undefined) {
    const visit = visitArranged(proposal.text, earlier.slice(0, -1), ctx.now, ctx.listener, true);
    if (visit !== undefined) return visit;
    // "We rented a cabin for the weekend." … "Why don't you come with us?" → "I'd love to!"
    const stay = COME_ALONG.test(apostrophes(proposal.text)) && !BACKCHANNEL_ONLY.test(otherText.trim()) ? stayTold(earlier.slice(0, -1), ctx.now, ctx.listener) : undefined;
    if (stay !== undefined) return stay;
  }
  // "What about tomorrow? After lunch?" → "OK, see you then": the two meet at the time the user named.
  if ((plan === undefined || plan.from !== "together") && SEE_YOU_THEN.test(otherText)) {
    const time = timeProposed(proposal.text, ctx.now);
    if (time !== undefined) return { kind: "arrangement", action: `meet ${ctx.listener ?? "them"} ${time}`, when: lowerFirst(time), from: "together" };
  }
  // Only what includes the other: a proposal or an invitation, not the user's own errand told to them.
  if (plan === undefined || plan.from !== "together") return undefined;
  if (plan.when !== undefined) return plan;
  const time = timeFromTurns(earlier.slice(-6), ctx.now);
  if (time !== undefined) return { ...plan, action: `${plan.action} ${time.text}`, when: lowerFirst(time.text) };
  // Without a time, only an invitation asked ("shall we …?", "do you want to …?"), answered with more than
  // a backchannel: in a meeting, "let's move on to the budget" → "yeah" is the meeting's own business, now.
  const invited = apostrophes(proposal.text)
    .split(/(?<=[.!?;])\s+/)
    .some((sentence) => /\?\s*$/.test(sentence) && PROPOSAL_LEAD.test(sentence.trim()) && sentence.split(/\s+/).length <= MAX_UNTIMED_WORDS);
  const verb = plan.action.split(/[^a-z']+/i)[0]!.toLowerCase();
  // Going somewhere named ("go to the exhibition") is a plan; going along, now, is not.
  const goingSomewhere = MOVING.has(verb) && /^\S+\s+(?:over\s+)?to\s+\S/i.test(plan.action);
  if (!invited || BACKCHANNEL_ONLY.test(otherText.trim()) || (NOW_VERBS.has(verb) && !goingSomewhere) || TALKING.test(verb) || SERVICE.test(proposal.text) || /\b(?:then|now|right|here)\b/i.test(proposal.text)) return undefined;
  return plan;
}
