/**
 * Plans people make for later, heard in a conversation: the only thing said between
 * people that the Spirit may offer help with. Read as a small grammar of clause forms,
 * not by topic or by sentence:
 *
 *   clause   = [a time in front ","] frame verb-phrase [time]
 *   frame    = a commitment of the user's      "I'll", "I'm going to", "I have to", "I promise to"
 *            | a proposal that includes them   "let's", "we should", "we have to", "we must", "we'll"
 *            | the present for the future      "we're driving …", "I'm flying …", "I'm going to Denver"
 *            | an invitation, asked            "shall we …?", "why don't we …?", "do you want to …?"
 *   time     = a time ahead, read by chrono-node ("on Friday", "in a couple of hours",
 *              "next Tuesday around four"), or a loose one ("later", "after the meeting")
 *
 * The verb phrase is read with compromise (spirit/language/question.ts verbPhrase): one verb with
 * something named after it, or nothing. Who commits is the user, or the user with others;
 * the other person's own plans ("I'll send it to you tomorrow" said by the clerk) are
 * theirs, and what they propose or ask becomes the user's plan only when the user accepts
 * it ("Shall we meet at six?" → "Sure."). A commitment or a present-for-future plan needs
 * a time ahead (without one, "I'll take it", "I'll have the salmon", "let's order" are done
 * in front of a clerk or a waiter, now); a proposal needs one too unless it is an errand an
 * agent can help with anyway (booking, flying, calling, writing, paying, scheduling).
 * Hypotheticals and wishes (if …, would, maybe, I wish), questions that are not
 * invitations, negations, past tense and sayings ("let's say", "let's face it", "I'll
 * tell you what") have none of these shapes and stay quiet.
 */
import { loadNlp } from "../../language/nlp.js";
import { verbPhrase } from "../../language/question.js";
import { BARE_GOING, goneTo, thingInvited } from "./invitations.js";
import { ownEvent } from "./own-event.js";
import { HOLIDAY, looseReminderTime, onTheDay, soon, TIME_WORD, timeAhead } from "./time.js";
import { apostrophes, FILLER, forTheUser, HYPOTHETICAL, lowerFirst, MAX_UNTIMED_WORDS, MOVING, NOW_VERBS, type Plan, type PlanContext, type PlanKind, SERVICE } from "./words.js";

/** Verb → kind, for errands an agent can help with; any other verb makes an arrangement. */
const VERBS: Readonly<Record<string, PlanKind>> = {
  book: "booking",
  reserve: "booking",
  fly: "flight",
  buy: "shopping",
  order: "shopping",
  call: "call",
  phone: "call",
  ring: "call",
  text: "message",
  message: "message",
  email: "message",
  "e-mail": "message",
  mail: "message",
  send: "message",
  write: "message",
  pay: "payment",
  schedule: "scheduling",
  reschedule: "scheduling",
  arrange: "scheduling",
  rent: "travel",
};
// Errands that are no purchase in front of a clerk: a proposal to do them needs no time.
const ERRANDS = new Set<PlanKind>(["flight", "travel", "booking", "message", "call", "scheduling"]);
// Verbs of saying and thinking: "let's say", "let's see", "I'll tell you what", "I'll bet".
const SAYINGS = new Set(["say", "think", "guess", "suppose", "mean", "hope", "face", "admit", "bet", "pretend", "imagine", "assume", "know", "be", "let", "wait", "try", "need", "want", "like", "love", "miss", "lose", "win", "go", "come", "get"]);
// "try sky diving", "try the new bar": trying a thing is a plan; "try to", "try it", "try again" are hedges.
const TRYING = /^try\s+(?!to\b|it\b|that\b|this\b|again\b|and\b|harder\b|my best\b|our best\b)\S/i;

const ADVERBS = String.raw`(?:(?:definitely|really|just|also|probably|then|still|first|totally|actually|seriously|both|all|certainly|surely|absolutely|soon|finally)\s+)*`;
const COMMIT = String.raw`(?:let me(?= \w+ (?:[\w' ]+ )?(?:first thing|tomorrow|tonight|on|at|this|next|after|before|later|in)\b)|(?:i think )?i(?:'ll be(?= \w+ing\b)| will be(?= \w+ing\b)|'ll|ll| will|'m going to| am going to|'m gonna| am gonna| have to|'ve got to| have got to|(?:'ve| have)? gotta| need to| must| should(?! have\b|'ve\b)|'d better| had better| ought to| promise to| promise i'll|'m planning to| am planning to| plan to| intend to|'m supposed to| am supposed to|'ve decided to| have decided to|'m determined to| am determined to))`;
// Commitments that stand without a time: what the user will do some day ("I'll pay you back",
// "I've decided to stop smoking"), kept as a note. Not "need to", "must", "supposed to": said of what is needed now.
// Not "gonna" nor "have to" either: in a meeting or at a desk, "I'm gonna draw a fish", "I have to write fast" are done as said.
const UNTIMED_COMMIT = /(?:'ll|\bll| will|going to| promise to| promise i'll|planning to| plan to| intend to|decided to|determined to)$/i;
const TOGETHER = String.raw`(?:(?:we|(?:[a-z]+ )?[a-z]+ and i)(?:'ll be(?= \w+ing\b)| will be(?= \w+ing\b)|'ll| will|'re going to| are going to|'re gonna| are gonna| should| have to|'ve got to| have got to| must| need to|'d better| had better| can| ought to|'re supposed to| are supposed to| plan to|'re planning to| are planning to)|let's|lets|let us)`;
// "I'm thinking about going to the tailor's today": an intention, read like the present for the future.
const PROGRESSIVE = String.raw`(?:(?:i'm|i am|we're|we are) thinking (?:about|of)|i'm|i am|im|we're|we are)`;
const INVITE = String.raw`(?:(?:can|could|will|would) you(?! like\b| care\b| mind\b)(?= (?:please )?\w+ (?:[\w' ]+ )?with (?:me|us)\b)|shall we|should we|can we|could we|why don't we|why don't you|why not|how about we|what about we|do you want to|do you wanna|would you like to|you want to|want to|wanna|would you care to|care to|are you free to)`;
// "we have dinner with Bob on Friday", "I've got a dentist appointment at 3": what is on the calendar.
// Only when reminded of it: "we have a few rooms next weekend" is a clerk's offer.
const HAVE = String.raw`(?:don't forget|do not forget|remember)(?: that)? (?:we|i)(?: have| have got|'ve got)(?= (?!to\b))`;
const FRAME = new RegExp(`^(?:(${HAVE})|(?:(?:don't forget|remember)(?: that)?\\s+)?(?:(${COMMIT})|(${TOGETHER})|(${INVITE})|(${PROGRESSIVE})))\\s+${ADVERBS}(.+)$`, "i");

// "call it a day", "send it", "book it": nothing named that a question could name.
// "look forward to Sunday", "get close to the final": a feeling and an approach, no plan.
const CALL_IDIOM = /^(?:(?:call|ring) (?:it|that|this|them|these|those)|count(?:ing)? (?:down )?the (?:days|hours|minutes)|look forward|get (?:close|closer|near|nearer)\b)\b/i;

/** The clauses a sentence may start a plan in: its start, and after a comma, a semicolon or "so"/"and"/"but". */
function clauses(sentence: string): { clause: string; before: string; joined: boolean }[] {
  const out: { clause: string; before: string; joined: boolean }[] = [];
  const starts = [0, ...[...sentence.matchAll(/(?:[,;:]\s+|\s(?=(?:so|and|but|then)\s))/gi)].map((m) => m.index! + m[0].length)];
  // A clause ends where another subject starts one: "I'm going home after the holidays and we're having a party in January".
  const ends = [...sentence.matchAll(/(?:,\s*|\s)(?:and|but|so)\s+(?=(?:i|we|he|she|they)(?:'m|'re|'ll|'s|'ve| am| are| will| have| was| were)?\s)/gi)].map((m) => m.index!);
  for (const at of starts) {
    // Only a timed plan is cut off from what follows: an untimed "I'll call the bell-boy and he'll take you up" is done now.
    const end = ends.find((e) => e > at && (TIME_WORD.test(sentence.slice(at, e)) || HOLIDAY.test(sentence.slice(at, e)))) ?? sentence.length;
    out.push({ clause: sentence.slice(at, end).replace(/^(?:so|and|but|then)\s+/i, ""), before: sentence.slice(0, at), joined: /^and\s/i.test(sentence.slice(at)) });
  }
  return out;
}

function kindOf(verb: string, object: string): PlanKind {
  const base = VERBS[verb] ?? "arrangement";
  if (/\b(?:flights?|plane tickets?)\b/i.test(object) || verb === "fly") return "flight";
  if (base === "booking" && /\b(?:hotel|train|bus|trip|car|airbnb|room)\b/i.test(object)) return "travel";
  if (verb === "send" && /\b(?:\$|dollars?|euros?|pounds?|money|bucks)\b/i.test(object)) return "payment";
  return base;
}

// Seeing the one spoken to at a place ("there", "at the station") or at an hour ("at noon", "at six") is meeting them:
// what follows "see you". The hour is checked where it is used: "see you at the meeting" names none.
const SEE_YOU_AT = /^see you ((?:(?:there|at (?:the|your|my|our) [\w' ]+?)\s+)?(?:at|around)\s+.+)$/i;

// Breaking a habit: "stop eating junk food", "quit smoking", "give up sugar", "cut down on coffee"; not stopping what is said or done now.
const QUITTING = /^(?:(?:stop|quit) (?!(?:talking|speaking|rambling|interrupting|complaining|worrying|joking|there|here|now|it|that|this)\b)\w+ing\b|give up (?!(?:it|that|this|now)\b)\w|cut (?:down|back) on\b)/i;

// An example begun: what follows in the turn illustrates it ("you could say, for example, …").
const ILLUSTRATION = /\b(?:for example|for instance|e\.g\.)/i;

// Going somewhere later the same day: "go to my favourite clothes shop today", "drive to the coast today". "today" alone is
// no time ahead ("today we're going to discuss …" is the meeting's own business, now); going to a place today is later.
const GOING_TODAY = /^(?:go|drive|walk|head|fly|come|pop|run)(?:\s+(?:over|down|up|out|back|round))?\s+to\s+(?!(?:the\s+)?(?:meeting|session|class|agenda|point|topic|next|bed|sleep)\b)\S[^,;]*?\btoday\b/i;
function goingToday(action: string): { text: string; index: number } | undefined {
  const m = GOING_TODAY.exec(action);
  return m ? { text: "today", index: m[0].length - "today".length } : undefined;
}

// Speech's hesitations: "talk about this um alleged paper".
const DISFLUENCY = /,?\s*\b(?:um+|uh+|er+m?|hmm+|mm+|you know|i mean|ok(?:ay)?)\b(?=[\s,.!?;]|$),?/gi;
// "at like four", "in like an hour": "like" as a filler before a time (elsewhere it may be the verb).
const LIKE_BEFORE_TIME = /\b(at|around|in|for|by|until) like\b/gi;

// Speech repeats itself: "talk to talk to Chuck", "the the hour".
const REPEATED = /\b((?:\w+'?\w*)(?:\s+\w+'?\w*)?)(?:[\s,]+\1\b)+/gi;

// "in two hours' time": the length of time is the time said.
// Speech has no question marks: "we're having a barbecue on sunday do you wanna come" is two
// sentences, a plan and an invitation to join it, said last. Split before the invitation, in
// words with no punctuation of their own (a transcript's: written text says where it ends).
const JOIN_US = /\s+(?=(?:(?:so |and )?(?:do|would|will|can|could) (?:you|ya) (?:wanna|want to|like to|fancy|care to) (?:come|join)|(?:you )?wanna (?:come|join)|fancy (?:coming|joining)|are you (?:coming|in)|you should come)\b(?:\s+\S+){0,3}\s*$)/i;
const IN_TIME = /\b(minutes?|hours?|days?|weeks?|months?|years?)\s*'s?\s+time\b/gi;
// "after work on Thursday": the day first, as "on Thursday after work" is read (a loose time after its day).
const LOOSE_BEFORE_DAY = /\b(after (?:work|school|class|lunch|dinner|breakfast))\s+((?:on |this |next )?(?:mon|tues|wednes|thurs|fri|satur|sun)day|tomorrow|tonight)\b/gi;

/**
 * A turn broken off: in a transcript that punctuates (a full stop or a question mark inside), a turn that ends without one
 * was cut ("I'll send you the minutes of meet"): its last word may be cut too, and is not read, nor the words it hangs on.
 */
function withoutBrokenEnd(text: string): string {
  const t = text.trim();
  if (!/[.!?]\s/.test(t) || /[.!?;:…"')\]]$/.test(t)) return t;
  return t.replace(/\s+\S+$/, "").replace(/(?:\s+\b(?:of|the|a|an|to|for|with|from|about|and|or|but|my|your|our|their|his|her|some|in|on|at|by))+$/i, "");
}

/** A plan in the words of someone who includes the user ("I", "we"), if the utterance holds one. */
export async function planIn(text: string, ctx: PlanContext): Promise<Plan | undefined> {
  const nlp = await loadNlp();
  let said = "";
  for (const raw of withoutBrokenEnd(apostrophes(text).replace(IN_TIME, "$1").replace(LOOSE_BEFORE_DAY, "$2 $1")).replace(DISFLUENCY, "").replace(LIKE_BEFORE_TIME, "$1").replace(REPEATED, "$1").split(/(?<=[.!?;])\s+/).flatMap((part) => (/[,.!?;]/.test(part) ? [part] : part.split(JOIN_US)))) {
    const sentence = raw.trim();
    const saidBefore = said;
    said += ` ${sentence}`;
    // "you can say for example … and I will choose from the list": after an example is begun, what is said illustrates it.
    const illustrating = ILLUSTRATION.test(said);
    const question = /\?\s*$/.test(sentence);
    const invited = question ? thingInvited(sentence, ctx.now, ctx.listener) : undefined;
    if (invited !== undefined) return invited;
    for (const { clause, before, joined } of clauses(sentence.replace(/[.!?;]+$/, ""))) {
      // "if you're free tonight, why don't you come over": an invitation is conditional by nature.
      const hypothetical = HYPOTHETICAL.test(before);
      let words = clause.replace(new RegExp(`^${FILLER}`, "i"), "");
      // "my driving test is on thursday at ten": an event of the user's own, with its time.
      const event = hypothetical || question ? undefined : ownEvent(words, ctx);
      if (event !== undefined) return event;
      // A time in front ("On Thursday I'm going to Denver"): the plan follows it.
      const front = timeAhead(words, ctx.now);
      if (front !== undefined && front.index === 0) words = words.slice(front.text.length).replace(/^[\s,]+/, "");
      // "I'm really going to", "I will definitely": the adverb goes after the frame.
      words = words.replace(/^(i'm|i am|i'll|i will|i have|i've|we're|we are|we'll|we will)\s+(?:really|definitely|actually|totally|certainly|seriously|finally|just)\s+/i, "$1 ");
      // "I really need to", "I probably should": the adverb between the subject and its modal goes too.
      words = words.replace(/^(i|we)\s+(?:really|definitely|actually|seriously|probably|still|just|honestly)\s+(?=(?:need to|have to|should|must|ought to|gotta|got to|had better|plan to|intend to|promise)\b)/i, "$1 ");
      // "I'm off to the doctor's at four": going there.
      words = words.replace(/^(i'm|i am|we're|we are) off to\b/i, "$1 going to");
      // "I'm calling to cancel my appointment tomorrow", "I'm writing about the flat": what is done as it is said.
      if (/^(?:i'm|i am|we're|we are) (?:calling|ringing|phoning|writing|emailing|texting|messaging|contacting you) (?:to|about|because|regarding)\b/i.test(words)) continue;
      // "Then I'll wait and come back on Monday", "I will go there tomorrow and buy one": the verb after "and" shares the frame before it.
      const shared = joined && !FRAME.test(words) ? SHARED_FRAME.exec(before) : null;
      const m = FRAME.exec(shared ? `${shared[1]} ${words}` : words);
      if (!m) continue;
      const [, have, commit, together, invite, progressive, body] = m;
      if (hypothetical && invite === undefined) break;
      const rest = have !== undefined ? `have ${body!}` : body!;
      // Only invitations are asked; said without a question mark (speech has none), only the plainest.
      if (question ? invite === undefined : invite !== undefined && !/^(?:shall we|why don't we|why don't you|how about we)$/i.test(invite)) continue;
      // "I'll see you there at 9pm", "see you at the station at six": a meeting agreed, with a place and an hour.
      const seeing = commit !== undefined || together !== undefined ? SEE_YOU_AT.exec(rest) : null;
      if (seeing) {
        const hour = timeAhead(rest, ctx.now);
        if (hour !== undefined && /\d|noon|o'clock|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b/i.test(hour.text)) {
          // "there" is where was just said: the question says whom and when.
          const action = `meet ${ctx.listener ?? "them"} ${seeing[1]!.replace(/^there\s+/i, "").trim()}`.replace(/\s+/g, " ");
          return { kind: "arrangement", action, when: lowerFirst(hour.text), from: "together" };
        }
      }
      if (/^(?:see|tell|show|let|thank)\s+you\b/i.test(rest)) continue; // "see you tomorrow", "tell you what": ways of speaking
      // "Want to come?", "Do you want to go with me?": to where the user said they will be, or to the event just named.
      if (invite !== undefined && question && BARE_GOING.test(rest)) {
        const to = goneTo(`${saidBefore} ${before}`, ctx.now, ctx.untimed);
        if (to !== undefined) return to;
        continue;
      }
      // "Why don't you phone her?" is advice to the other; "why don't you come with us?" includes the user.
      if (invite !== undefined && /\byou$/i.test(invite) && !/^(?:come|join)\b|\bwith (?:me|us)\b/i.test(rest)) continue;
      const progressiveFrame = progressive !== undefined || /\bbe$/i.test(commit ?? together ?? "");
      const goingTo = /going to$|gonna$/i.test(commit ?? together ?? "");
      // "let's meet at six", "shall we meet up tomorrow": with no one and no place named, each other, so the one spoken to.
      const plan = together !== undefined || invite !== undefined ? rest.replace(MEET_EACH_OTHER, `meet ${ctx.listener ?? "them"}`) : rest;
      // A long sentence says more after a comma ("I'm having a party on Saturday, a sort of house warming, …"): the plan is before it.
      const upToComma = plan.split(/,\s+/)[0]!;
      const found =
        (await readAction(forTheUser(plan, ctx.listener), progressiveFrame, goingTo, nlp)) ??
        (upToComma !== plan ? await readAction(forTheUser(upToComma, ctx.listener), progressiveFrame, goingTo, nlp) : undefined);
      if (found === undefined) continue;
      // The plan's own time, one said in front of it, or one in the clause before ("Mum turns sixty next month, we have to …").
      // A bare day in front ("Friday we should …") is said "on Friday" after the plan.
      const fronted = front && onTheDay(front.text);
      const own = timeAhead(found.action, ctx.now);
      // "Tomorrow I'm going to the gym after work": a day in front and a loose time in the plan are one time.
      const when = (own && fronted && front?.index === 0 && front.text !== own.text && looseReminderTime(own.text) !== undefined ? { ...own, text: `${fronted} ${own.text}` } : own) ?? (fronted ? { text: fronted, index: 0 } : REFUSED_BEFORE.test(before) ? undefined : timeAhead(before, ctx.now)) ?? goingToday(found.action);
      const kind = kindOf(found.verb, found.action);
      if (CALL_IDIOM.test(found.action)) continue;
      // "go to the beach", "go shopping", "come over for dinner" are plans; "go ahead", "get it", "let's say" are not.
      if (SAYINGS.has(found.verb) && !TRYING.test(found.action) && !(MOVING.has(found.verb) && !/^\S+\s+(?:ahead|on|through|away|it|that|this|with|into|in|up|down|off|wrong|well|bad|better|worse|crazy|there|here)\b/i.test(found.action))) continue;
      // Commitments and the present need a time ahead; a proposal without one, an errand an agent can help with.
      // A commitment of the user's own without one is kept as a note, unless it is done now ("I'll take it").
      // "give up sugar", "take up the cello", "sign up for the course": a phrasal verb for a change of habit, not a thing handed over now.
      const takenUp = /^(?:give|take|sign) up\b(?! (?:it|that|this|(?:the|my|your|our|a) (?:form|sheet|seat|place|spot|room|table|chair)s?)\b)/i.test(found.action);
      // "I need to stop eating junk food", "I have to give up sugar": a habit to break is a resolution, kept for later; "I have
      // to stop talking" is what is done now.
      const resolution = commit !== undefined && /(?:need to|have to|must|got to)$/i.test(commit) && QUITTING.test(found.action);
      // "I must remember to buy a card for Tom": a thing to remember for later is kept, whatever the frame.
      const untimedCommitment =
        commit !== undefined && (UNTIMED_COMMIT.test(commit) || resolution || found.later) && (!NOW_VERBS.has(found.verb) || takenUp || found.later) && !SERVICE.test(clause) && sentence.split(/\s+/).length <= MAX_UNTIMED_WORDS && !soon(clause, ctx.now) && !illustrating;
      if (when === undefined && !ctx.untimed && !untimedCommitment && (commit !== undefined || progressive !== undefined || have !== undefined || !ERRANDS.has(kind))) continue;
      const action = found.action;
      const from = commit !== undefined || /^i/i.test(progressive ?? "") || /\bi\b/i.test(have ?? "") ? "user" : "together";
      return { kind, action, ...(when !== undefined && { when: lowerFirst(when.text) }), from };
    }
  }
  return undefined;
}

// A commitment a few words before "and": its frame, for the verb after "and".
const SHARED_FRAME = new RegExp(`(?:^|[\\s,])(${COMMIT})\\s+${ADVERBS}[a-z]+(?:\\s+[\\w']+){0,5}?\\s+$`, "i");

// "I can't do Thursday, I'm working all day": the time in a clause turned down is no time for what follows.
const REFUSED_BEFORE = /\b(?:can't|cannot|can not|couldn't|won't|not|no)\b/i;

/** "meet" or "meet up" with no one and no place after it: a time ("at six", "on Friday", "tomorrow") or nothing. */
const MEET_EACH_OTHER = /^meet(?:\s+up)?(?=\s+(?:at|on|in|by|around)\s+(?!(?:the|a|an|my|our|your|his|her|their|this|that)\b|\S+'s\b)|\s+(?:tomorrow|tonight|today|this|next|after|later)\b|\s*$)/i;

/** A frame of remembering around what is to be done ("remember to", "make sure to", "be sure to"). */
const REMINDING = /^(?:remember to|make sure (?:to|that i|i)|be sure to|not forget to)\s+(?=\S)/i;

// Verbs done to or with people: their "them" is someone.
const PEOPLE_VERBS = /^(?:call|phone|ring|text|message|email|e-mail|write|meet|visit|see|ask|tell|invite|pay|thank|help|pick|contact|join|remind|introduce|drop|collect|fetch|drive|greet|take|bring|show|teach|treat|feed|hug|congratulate|warn|interview|hire|follow|wake)$/i;

// Coming back at a time, and nothing more: "come back tomorrow afternoon", "come back in on Monday"; not "come back to that point next week".
// "I'll pop round on Sunday", "I'll come by around five", "I'll pack tonight", "we'll set off at six": going somewhere or
// getting ready at a time needs no thing named either (question.ts says them back alone too).
const RETURNING = /^(?:come back(?: (?:in|here|again|round|by))?|come (?:over|round|around|by)|(?:pop|drop|stop|swing|call) (?:round|over|by|in)|(?:cycle|walk|drive|nip|run|head) (?:over|round|across|down)|set off|head (?:off|out)|leave|pack)\s+(?:tomorrow|tonight|on|at|next|this|later|after|before|around|in (?:an?|the|\w+ (?:hours?|days?|weeks?)))\b(?!.*\b(?:to|with|for|about)\b)/i;

/** The verb phrase after a frame, in the base form: "driving to the coast" → "drive to the coast"; "going to Denver" → "go to Denver". */
async function readAction(rest: string, progressive: boolean, goingTo: boolean, nlp: Awaited<ReturnType<typeof loadNlp>>): Promise<{ verb: string; action: string; later: boolean } | undefined> {
  let words = rest
    .replace(/[\s,]*\b(?:lol|haha|promise|ok|okay|right|i think|i guess|i suppose)\b\s*$/i, "")
    // "I'll get them then on Saturday", "I'll get a copy this week then": "then" says it follows, and is no time ("by then" is).
    .replace(/(?<!\b(?:by|until|till|since|from|before|after|you|and))\s+then(?=[\s,]*$|\s+(?:on|this|next|at|tomorrow|tonight|in)\b)/i, "")
    .replace(/[\s,]+$/, "")
    .trim();
  // "I'll remember to bring the cake", "I'll make sure to send it", "I'll be sure to call": the doing is the plan,
  // and one for later ("I'll remember to bring it next time" is not "I'll bring it", done now).
  const later = REMINDING.test(words);
  words = words.replace(REMINDING, "");
  // One word after a comma at the end is whom it is said to: "I'll pay you back, sis".
  words = words.replace(/,\s*([a-z]+)$/i, (all, word: string) => (TIME_WORD.test(word) ? all : ""));
  if (/^(?:gonna|gotta|hafta|wanna|got to|have to)\b/i.test(words)) return undefined; // a frame said twice: the words are not one clause
  if (progressive) {
    const doc = nlp(`we are ${words}`);
    doc.compute("root");
    const verb = (doc as unknown as { docs: { tags: Set<string>; root?: string; normal: string }[][] }).docs[0]?.[2];
    if (verb === undefined || !verb.tags.has("Gerund")) return undefined;
    words = `${verb.root ?? verb.normal} ${words.split(/\s+/).slice(1).join(" ")}`;
    // "going to Denver": a place, not a verb, after "going to".
    if (/^go to\s/i.test(words)) {
      const next = verbPhrase(nlp, words.replace(/^go to\s+/i, ""), undefined, Infinity);
      if (next !== undefined) words = words.replace(/^go to\s+/i, "");
    }
  }
  // "go see the exhibition", "come and get the keys": the second verb is what is done.
  if (/^(?:go|come)(?:\s+(?:over|out|round|around|along|by))?\s+(?:and\s+)?\S/i.test(words)) {
    const second = words.replace(/^(?:go|come)(?:\s+(?:over|out|round|around|along|by))?\s+(?:and\s+)?/i, "");
    const secondVerb = verbPhrase(nlp, second, undefined, Infinity);
    // "go dancing": the gerund is the activity gone to, not a second verb.
    // "go together with you", "come along": no second verb, whatever the tagger says.
    if (secondVerb !== undefined && !MOVING.has(secondVerb.verb) && !/ing$/i.test(second.split(/\s+/)[0]!) && !/^(?:together|along|with|there|here|home|back|too)\b/i.test(second)) words = second;
  }
  let phrase = verbPhrase(nlp, words, undefined, Infinity);
  // "I'm going to Denver on Thursday": going somewhere.
  if (phrase === undefined && goingTo && !/^(?:be|have)\b/i.test(words)) {
    words = `go to ${words}`;
    phrase = verbPhrase(nlp, words, undefined, Infinity);
  }
  if (phrase === undefined) return undefined;
  // Something named to act on, not only "it", "that" or "you" ("look it up", "sort that out").
  // "pay you back on Monday": the one spoken to is someone named; "see you tomorrow", "tell you what" are ways of speaking.
  const person = /^(?:see|tell|show|let|thank)$/i.test(phrase.verb) ? "|you" : "";
  // "them" names people to call, meet or pay ("call them tomorrow"); of things ("buy them in the afternoon") it names nothing, like "it".
  const things = PEOPLE_VERBS.test(phrase.verb) ? "" : "|them";
  const notNamed = new RegExp(`^(?:it|that|this|these|those|me|us|what${person}${things}|up|out|back|down|off|on|in|at|by|over|again|too|all|some|one|next|the)$`, "i");
  const named = phrase.own
    .split(/\s+/)
    .slice(1)
    .filter((w) => !TIME_WORD.test(w) && !notNamed.test(w));
  // "I'll come back tomorrow afternoon": coming back where the user is (a shop, a desk), at a time, names no thing and is a plan all the same.
  if (named.length === 0 && !RETURNING.test(words)) return undefined;
  return { verb: phrase.verb, action: words, later };
}
