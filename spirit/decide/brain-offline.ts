/**
 * The offline brain (the default: no network, no key). What was said is judged by the
 * intent detector (spirit/intents); this adds what the detector does not know: the
 * conversation (spirit/decide/conversation.ts), what to hand an agent, how to ask
 * (spirit/decide/offers.ts), and which remarks are worth remembering.
 * It proposes; spirit/decide/decide.ts decides who may ask for what.
 *
 * Alone with the assistant, or addressed by name ("world, book the train"), what the
 * user says is a request and goes to the detector. In a conversation with someone else
 * it is said to that person: only explicit reminder/timer/alarm wording goes to the
 * detector, and otherwise only a plan for later (spirit/decide/plans/) becomes a nudge; when
 * the other person agrees to what the user proposed, the plan is asked about then.
 */
import { detectIntent, type Intent } from "../intents/detect.js";
import type { Brain, BrainInput, Proposal } from "./brain.js";
import { ASSISTANT, type ConversationView } from "./conversation.js";
import { taskOf } from "./commands.js";
import { readCommand, reminderOf } from "../intents/commands.js";
import { describes, frameOf, withoutFiller } from "../intents/frames.js";
import { normalize } from "../intents/normalize.js";
import { loadNlp } from "../language/nlp.js";
import { offerFor, offerForIntent } from "./offers.js";
import { DIRECT_KINDS } from "./plan.js";
import { acceptedByOther, acceptedRequest } from "./plans/accepted.js";
import { appointmentTaken } from "./plans/appointment.js";
import { planIn } from "./plans/clause.js";
import { eventAfterFreeTime, eventTakenUp } from "./plans/invitations.js";
import { fetchedOnArrival, joinedEventStarts, referredPlan } from "./plans/referred.js";
import { meetingNegotiated, timeSettled } from "./plans/settled.js";
import { slotTaken } from "./plans/slot.js";
import { pronounPlan } from "./plans/pronoun.js";
import { proposalTaken } from "./plans/proposal.js";
import { EXPLICIT } from "./plans/words.js";

/** What a calendar would hold: without a writable calendar, a reminder at its time. */
const CALENDAR_KINDS = new Set(["calendar", "meeting", "appointment"]);

const CHANGE_WORDS = /\b(?:remove|delete|cancel|clear|erase|wipe|move|change|reschedule|find|search|check|show|what|when|which)\b/i;
// Words that ask for a reminder or a calendar entry, whatever else the sentence says.
const REMINDER_ASKED = /\b(?:remind(?:er|ers)?|forget|alarm|wake|calendar|schedule|agenda|diary|notify|notification|alert|let me know|note|appointment|book|add|put|set|create|make)\b/i;

// Words that undo a plan: "cancel it", "I can't make it", "call it off", "move it".
const UNDONE = /\b(?:cancel|call (?:it )?off|can't make|cannot make|won't make|postpone|reschedule|move (?:it|that))\b/i;
// What a reminder, alarm or timer did or is: "that reminder came at the worst moment", "my alarm nearly gave me a heart attack".
const REMINDER_TALK = /^(?:that|the|this|my|your|those|these) (?:[\w']+ )?(?:reminders?|alarms?|timers?) (?:came|went|was|were|is|are|rang|rings|goes|did|didn't|never|just|keeps?|kept|has|have|woke|made|nearly|almost|always|got|gave|scared|sounded)\b/i;

const TIME_OR_SETTING = /\d|\b(?:set|make|create|add|start|put|wake|get me up|in|at|for|tomorrow|tonight|morning|evening|o'?clock|am|pm|minutes?|hours?|seconds?)\b/i;

/** Said as a request or a statement of an event ("a meeting with the cfo on thursday"), not a question, nor what was done. */
function asksForEntry(text: string): boolean {
  const t = withoutFiller(normalize(text));
  const frame = frameOf(t);
  return (frame === "imperative" || frame === "statement" || frame === "request") && !TOLD_DONE.test(t) && !PAST_TIME.test(t) && EVENT_WORDS.test(t);
}
// What was done, wherever the sentence says it: "last tuesday at three i had a meeting with the marketing team".
const TOLD_DONE = /(?:^|[\s,])(?:i|we) (?:needed|had|wanted|went|was|were|did|already|just|booked|scheduled|added|made|set|missed|forgot|attended|met)\b/;
// A time gone by: "the meeting yesterday at ten", "last week's party". No entry is set in the past.
const PAST_TIME = /\b(?:yesterday|last (?:night|week|weekend|month|year|time|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|\w+ (?:days?|weeks?|months?|years?) ago|earlier today)\b/;
// "we're meeting them at seven": "meeting" after "are" is what the user does, no entry named.
const EVENT_WORDS = /\b(?:(?<!\b(?:are|am|is|be|were|was) )meetings?|appointments?|events?|birthdays?|anniversary|party|lunch|dinner|breakfast|date|interview|visit|wedding|conference|call)\b/;

/** What a kind of request needs that no agent here has, said as "I can't <capability> yet". */
const CAPABILITY: Record<string, string> = {
  media: "play music or media", smart_home: "control devices at home", device: "reach your devices", call: "make calls", message: "send messages",
  payment: "make payments", banking: "reach your bank", shopping: "shop for you", shopping_list: "edit your lists", todo: "edit your lists",
  ride: "book a ride", reservation: "make reservations", hr: "reach HR", travel_claim: "file claims",
  calendar: "manage your calendar", meeting: "manage your calendar", appointment: "manage your calendar",
};

function capabilityOf(kind: string): string {
  return CAPABILITY[kind] ?? `do ${kind.replace(/_/g, " ")} requests`;
}

const ASKING_FRAMES = new Set(["info", "wh", "yesno", "procedural"]);
// What was done or said, told: no request to answer with "I can't" ("last tuesday at three i had a meeting …").
const TOLD_FRAMES = new Set(["past", "reported"]);

/** Below this the detector is guessing (e.g. conditional framing): stay quiet. */
const MIN_CONFIDENCE = 0.6;

// Things the user says about themselves that are worth remembering, not acting on.
const SELF_FACT =
  /^(?:(?:well|so|oh|actually|honestly|you know|by the way),? )*(?:i (?:really |absolutely |just |do not |don't )?(?:like|love|prefer|hate|dislike|enjoy|can't stand|cannot stand|am allergic to|am vegetarian|am vegan|don't eat|do not eat|never eat|usually|always)\b|my (?:favorite|favourite|birthday|anniversary|wife|husband|partner|doctor|dentist|flight|address|phone number|email) )/i;

/** The task for the agent: a reminder's in the grammar's clean words (spirit/decide/commands.ts), anything else the detector's. */
async function taskFor(intent: Intent, text: string): Promise<string> {
  if (intent.kind === "reminder" || intent.kind === "alarm" || intent.kind === "timer") {
    const command = reminderOf(text);
    if (intent.kind !== "timer" || command.type === "timer") return taskOf(command, await loadNlp())?.task ?? text;
  }
  return intent.task ?? text;
}

// Acknowledgements in front of what is really said ("yeah we should book …"). Speech
// arrives unpunctuated; the detector reads "yeah we should book" as an order to book.
const BACKCHANNEL = /^(?:(?:yeah|yep|yup|yes|ok|okay|right|alright|sure|so|well|um|uh|hmm|oh|and)\b[\s,.!-]*)+/i;

// The wake words of other assistants ("olly", "siri", "alexa") say who is addressed, not what is asked.
const WAKE_WORD = /\b(?:hey |ok |okay )?(?:olly|ollie|siri|alexa|cortana)\b,?\s*/gi;

function withoutBackchannel(text: string): string {
  const rest = text.trim().replace(WAKE_WORD, "").replace(BACKCHANNEL, "");
  return rest === "" ? text : rest;
}

/** The latest thing another speaker said to the user, before the utterance being decided. */
function requestToUser(conversation: ConversationView): { speaker: string; text: string } | undefined {
  const before = conversation.turns.slice(0, -1);
  const last = before.at(-1);
  return last !== undefined && !last.isUser && last.to !== ASSISTANT ? { speaker: last.speaker, text: last.text } : undefined;
}

export interface OfflineBrainOptions {
  /** Whether a general agent has a model to work with (ANTHROPIC_API_KEY): without one, offer only what offline agents do. */
  agentHasModel?: boolean;
}

/** The conversation's first words, said by the user to no one named yet. */
function firstWords(input: BrainInput): boolean {
  return input.heard.isUser && !input.conversation.addressed && input.conversation.turns.length === 1;
}

export class OfflineBrain implements Brain {
  readonly name = "offline";
  private readonly agentHasModel: boolean;

  constructor(options: OfflineBrainOptions = {}) {
    this.agentHasModel = options.agentHasModel ?? false;
  }

  async decide(input: BrainInput): Promise<Proposal> {
    const { heard, conversation } = input;
    const text = conversation.addressed ? conversation.rest : heard.text;
    if (heard.isUser && conversation.userWith.length > 0 && !conversation.addressed && !EXPLICIT.test(text)) return this.amongPeople(text, conversation, input.now);
    if (!heard.isUser && !conversation.addressed) {
      const settled = await this.settledByOther(heard.speaker, text, conversation, input.now);
      if (settled !== undefined) return settled;
    }
    const intent = detectIntent(withoutBackchannel(text));
    const fromIntent = intent.decision === "quiet" ? undefined : await this.onIntent(intent, text, input);
    // A request the model heard but cannot place, or nothing to offer for it: the first words may still tell a plan.
    // "we're meeting them at seven": a plan told reads as one before "I can't manage your calendar".
    // Not "I have an appointment on Wednesday, but I need to cancel it": a plan undone is no plan told.
    if (fromIntent !== undefined && !(fromIntent.action === "quiet" && firstWords(input) && (fromIntent.cannot === undefined || !UNDONE.test(text)))) return fromIntent;
    // The conversation's first words, before anyone answers: a plan told ("I'm going to try rock climbing this
    // weekend") is told to a person who is about to answer, and read as among people.
    // "Want to grab lunch tomorrow at one?": a plan asked about is not settled yet; the answer says whether it is.
    if (firstWords(input) && !/\?\s*$/.test(text.trim())) {
      const plan = await planIn(withoutBackchannel(text), { now: input.now });
      const offer = plan === undefined ? undefined : await offerFor(plan, this.agentHasModel, input.now);
      if (plan !== undefined && offer !== undefined) return { action: "nudge", reason: `a plan for later, said first in a conversation: ${JSON.stringify(plan.action)}`, ...offer };
    }
    if (fromIntent !== undefined) return fromIntent;
    if (heard.isUser && SELF_FACT.test(text.trim())) {
      return { action: "observe", reason: "the user said something about themselves", note: `something ${heard.speaker} said about themselves` };
    }
    return { action: "quiet", reason: intent.reason };
  }

  /** What the intent the model heard leads to (a spawn, an offer, or quiet with why). */
  private async onIntent(intent: ReturnType<typeof detectIntent>, text: string, input: BrainInput): Promise<Proposal> {
    const { heard, conversation } = input;
    if (intent.confidence < MIN_CONFIDENCE) return { action: "quiet", reason: `unsure (${intent.confidence}): ${intent.reason}` };
    // "tell me the date today": the model hears a reminder in "tell me"; a question whose words set nothing stays a question.
    // A reminder only the model heard, in words the grammar of commands does not read.
    const unread = intent.kind === "reminder" && readCommand(text) === undefined;
    if (unread && ASKING_FRAMES.has(frameOf(withoutFiller(normalize(withoutBackchannel(text)))))) {
      return { action: "quiet", reason: `${intent.reason}, but asked as a question that sets nothing` };
    }
    // "Want to grab lunch tomorrow at one?": a question to someone, with no word asking for a reminder, sets none.
    if (unread && /\?\s*$/.test(text.trim()) && !REMINDER_ASKED.test(text)) return { action: "quiet", reason: `${intent.reason}, but a question with no word asking for a reminder` };
    // "that reminder came at the worst possible moment": talk about a reminder, alarm or timer, not one asked for.
    if (REMINDER_TALK.test(withoutBackchannel(text))) return { action: "quiet", reason: `${intent.reason}, but talk about a reminder, not a request` };
    // "right, so start of the first meeting": the model hears a calendar entry in talk about one. A
    // reminder only the model heard needs a time, or words that ask for one, before it is set.
    if (unread && !REMINDER_ASKED.test(text)) {
      const heardReminder = reminderOf(withoutBackchannel(text));
      if (heardReminder.type === "reminder" && heardReminder.when === undefined) return { action: "quiet", reason: `${intent.reason}, but neither a time nor words asking for a reminder` };
    }
    const task = await taskFor(intent, withoutBackchannel(text));
    // Only what is done without asking is proposed as a spawn; anything else is offered as
    // what an agent can really do (spirit/decide/offers.ts), with a question built for it.
    // "next alarm", "alarm clock": neither a time nor a word that sets one.
    if ((intent.kind === "alarm" || intent.kind === "timer") && !TIME_OR_SETTING.test(text)) return { action: "quiet", reason: `${intent.reason}: an ${intent.kind} without a time or a word that sets one` };
    if (intent.decision === "spawn" && heard.isUser && DIRECT_KINDS.has(intent.kind)) return { action: "spawn", reason: intent.reason, kind: intent.kind, task };
    // A calendar entry asked for outright ("i need a meeting with the cfo on thursday") is kept as a reminder.
    if (heard.isUser && CALENDAR_KINDS.has(intent.kind) && !CHANGE_WORDS.test(text) && asksForEntry(text) && !/^(?:can|could|would|will|is|are|do|does)\b/.test(text.trim()) && conversation.userWith.length === 0) {
      const asked = reminderOf(text);
      const entry = taskOf(asked, await loadNlp());
      // Talk about a meeting ("right, so start of the first meeting") is no entry: it needs a time or words asking for one.
      const timedOrAsked = (asked.type === "reminder" && asked.when !== undefined) || REMINDER_ASKED.test(text);
      if (!timedOrAsked) return { action: "quiet", reason: `${intent.reason}: talk about a ${intent.kind}, with neither a time nor words asking for an entry` };
      if (entry !== undefined) return { action: "spawn", reason: `${intent.reason}: a calendar entry, kept as a reminder`, kind: "reminder", task: entry.task };
    }
    const offer = await offerForIntent(intent, task, this.agentHasModel, input.now);
    if (offer === undefined) {
      // Asked of the assistant alone, a request it cannot do is said so; among people, or asked as a question, it stays quiet.
      const said = withoutFiller(normalize(withoutBackchannel(text)));
      const cannot = heard.isUser && conversation.userWith.length === 0 && !ASKING_FRAMES.has(frameOf(said)) && !TOLD_FRAMES.has(frameOf(said)) && !describes(said) ? capabilityOf(intent.kind) : undefined;
      return { action: "quiet", reason: `nothing to offer for ${intent.kind}: ${intent.reason}`, ...(cannot !== undefined && { cannot }) };
    }
    return { action: "nudge", reason: intent.reason, ...offer };
  }

  /** Another speaker agreeing to the user's proposal: the arrangement is settled, and the user is asked about it now. */
  private async settledByOther(speaker: string, text: string, conversation: ConversationView, now: Date): Promise<Proposal | undefined> {
    // "Saturday at Laynes, then. Ten o'clock?" → "Perfect.": the user's time, taken by the other (plans/slot.ts).
    const plan = (await acceptedByOther(text, conversation.turns.slice(0, -1), { now, listener: speaker })) ?? slotTaken(text, conversation.turns.slice(0, -1), { now, listener: speaker }, false);
    if (plan === undefined) return undefined;
    const offer = await offerFor(plan, this.agentHasModel, now);
    if (offer === undefined) return undefined;
    return { action: "nudge", settles: true, reason: `${speaker} agreed to the user's plan: ${JSON.stringify(plan.action)}`, ...offer };
  }

  private async amongPeople(text: string, conversation: ConversationView, now: Date): Promise<Proposal> {
    const to = conversation.userWith.join(", ");
    const listener = conversation.turns.slice(0, -1).reverse().find((t) => !t.isUser)?.speaker;
    const ctx = { now, ...(listener !== undefined && { listener }) };
    const plan =
      (await planIn(withoutBackchannel(text), ctx)) ?? appointmentTaken(text, conversation.turns.slice(0, -1), ctx) ?? (await acceptedRequest(text, requestToUser(conversation), now)) ?? (await timeSettled(text, conversation.turns.slice(0, -1), ctx)) ??
      (await meetingNegotiated(text, conversation.turns.slice(0, -1), ctx)) ??
      (await referredPlan(withoutBackchannel(text), conversation.turns.slice(0, -1), ctx)) ??
      (await pronounPlan(withoutBackchannel(text), conversation.turns.slice(0, -1), ctx)) ??
      (await joinedEventStarts(text, conversation.turns.slice(0, -1), ctx)) ??
      (await fetchedOnArrival(text, conversation.turns.slice(0, -1), ctx)) ??
      eventAfterFreeTime(withoutBackchannel(text), conversation.turns.slice(0, -1), ctx) ??
      eventTakenUp(text, conversation.turns.slice(0, -1), ctx) ??
      slotTaken(text, conversation.turns.slice(0, -1), ctx) ??
      (await proposalTaken(text, conversation.turns.slice(0, -1), ctx));
    if (plan === undefined) return { action: "quiet", reason: `said to ${to}: no plan for later the assistant could help with` };
    const offer = await offerFor(plan, this.agentHasModel, now);
    if (offer === undefined) return { action: "quiet", reason: `a ${plan.kind} plan, but nothing sensible to offer` };
    return { action: "nudge", reason: `a plan for later, said to ${to}: ${JSON.stringify(plan.action)}`, ...offer };
  }
}
