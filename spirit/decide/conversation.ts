/**
 * The conversation the Spirit is hearing: who is present, who spoke to whom in the last
 * turns, whether the user is talking with someone else. A conversation ends after a
 * silence (`conversationGap`); the next utterance starts a new one. Folded from the
 * voice lines like the rest of the Spirit's memory, so a restart rebuilds it from the
 * last lines heard.
 *
 * Who a turn is for: the assistant when it is addressed by name ("world, book the
 * train"); otherwise, in a conversation, the other person who spoke last (people answer
 * each other); when nobody else has spoken, the user's words are for the assistant and
 * anyone else's are for the user, unless the words themselves address a person: a
 * greeting (not one before a request the assistant knows: "hey, set a timer") or an "excuse me" (the user's first line to a clerk or a stranger comes before
 * they answer), or a proposal for "us" ("let's …", "shall we …"). Then the user is with
 * someone not heard yet (SOMEONE) until the conversation ends or they speak.
 */
import type { Heard } from "../daemon/memory.js";
import { readCommand, WAKE_WORDS } from "../intents/commands.js";

export const ASSISTANT = "(assistant)";
/** The user, before the user has said anything in this conversation. */
const THE_USER = "(user)";
/** Someone the user speaks to who has not been heard (yet). */
const SOMEONE = "(someone)";

// Words said to a person, never to an assistant: greetings, asking a stranger's attention,
// a proposal that includes the listener, a reminder of what the listener is to do. (Thanks and sorry may be said to an assistant.)
const TO_A_PERSON = /^(?:(?:well|oh|so|and|um|uh)[\s,]+)*(?:excuse me|pardon me|hello|hi|hey|good (?:morning|afternoon|evening)|how are you|how do you do|nice to meet you|let'?s|let us|shall we|why don'?t (?:we|you)|how about we|(?:do|would) you (?:want to|wanna|like to|fancy)|(?:want to|wanna) (?:come|go|join)|are you free|(?:can|could|will|would) you (?:come|go|join)\b[^?]*\bwith (?:me|us)|(?:do not|don'?t) forget (?:that )?(?:you|your|we|we'?re|we'?ve|our)|remember (?:that )?(?:you|your|we|we'?re|we'?ve|our))\b/i;

// "darling, can you set the table", "mum could you pass the salt": a person called by what they are to the speaker.
const CALLED = /^(?:(?:oh|so|and|um|uh)[\s,]+)*(?:darling|honey|hun|sweetheart|sweetie|babe|baby|love|mum|mom|mummy|mommy|dad|daddy|son|kids|guys|boys|girls|grandma|grandpa|nana|granny)[\s,]+(?:can|could|would|will|please|you|do|don'?t|go|come|stop|get|put|set|take|have|pick|bring|make|pass|help|turn|look|listen)\b/i;

// "We're meeting the clients at 2 tomorrow, right?": a question tagged for a person to confirm.
const TAG_QUESTION = /,\s*(?:right|isn'?t (?:it|he|she|that)|aren'?t (?:we|you|they)|don'?t (?:we|you|they)|didn'?t (?:we|you|they|i)|won'?t (?:we|you)|haven'?t (?:we|you)|wasn'?t (?:it|he|she)|weren'?t (?:we|you|they)|can'?t (?:we|you)|shouldn'?t (?:we|you)|yeah|eh|no)\s*\?\s*$/i;

// "hey alexa, …", "ok google …": a greeting to an assistant, whichever name the user is used to.
const TO_AN_ASSISTANT = new RegExp(`^(?:hey|hi|hello|ok|okay)[\\s,]+(?:${WAKE_WORDS})\\b`, "i");

// A greeting and nothing that names whom: "hey, turn off the lights" is said to whoever does that.
const GREETING = /^(?:(?:well|oh|so|and|um|uh)[\s,]+)*(?:hey|hi|hello|ok|okay|good (?:morning|afternoon|evening))(?: there)?\b(?:[\s,!.]+(?:um|uh|er|erm)\b)*[\s,!.]*/i;

// The first word of a request, never a name: "hey maria, switch the light off" greets Maria.
const REQUEST_START = /^(?:can|could|would|will|please|what|what's|whats|when|where|how|is|are|do|does|did|i|i'd|i'm|set|turn|switch|play|remind|wake|tell|cancel|add|put|start|stop|open|send|call|text|book|order|show|find|check|read|make|give|delete|remove|mute|pause|resume|skip)\b/i;

/** Does any sentence of the words start as one says it to a person? */
function toAPerson(text: string): boolean {
  if (TO_AN_ASSISTANT.test(text.trim())) return false;
  // A greeting, then a request the assistant knows ("hey, set a timer for ten minutes"): said to the assistant.
  const greeted = GREETING.exec(text.trim());
  const rest = greeted === null ? "" : text.trim().slice(greeted[0].length);
  if (REQUEST_START.test(rest) && readCommand(rest) !== undefined) return false;
  if (TAG_QUESTION.test(text) || CALLED.test(text.trim())) return true;
  // "I'm in Chicago next week, want to come?": an invitation may follow a comma.
  return text.split(/(?<=[.!?;,])\s+/).some((sentence) => TO_A_PERSON.test(sentence.trim()));
}

export interface Turn {
  speaker: string;
  isUser: boolean;
  /** Who it was said to: a speaker, or ASSISTANT. */
  to: string;
  at: number;
  text: string;
}

export interface ConversationView {
  /** When this conversation began (its first utterance). */
  startedAt: number;
  /** Everyone heard in this conversation, in order of first utterance. */
  present: string[];
  /** The other people the user is talking with (empty: the user is alone with the assistant). */
  userWith: string[];
  /** The last turns, oldest first; the latest is the utterance being decided. */
  turns: readonly Turn[];
  /** The latest utterance was addressed to the assistant by name. */
  addressed: boolean;
  /** The latest utterance without the assistant's name in front or behind. */
  rest: string;
}

const KEEP_TURNS = 8;

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** "world, book the train" / "hey world book the train" / "book the train, world" → addressed, "book the train". */
export function addressedByName(text: string, name: string): { addressed: boolean; rest: string } {
  const n = escapeRe(name.trim());
  if (n === "") return { addressed: false, rest: text };
  const front = new RegExp(`^\\s*(?:(?:hey|hi|ok|okay|so|oh|and)[\\s,]+)*${n}\\b[\\s,:;.!-]*`, "i");
  const back = new RegExp(`[\\s,;-]+${n}[\\s.!?]*$`, "i");
  if (front.test(text)) {
    const rest = text.replace(front, "").trim();
    if (rest !== "") return { addressed: true, rest };
  }
  // Behind, only after a comma ("book it, world"): "welcome to the world" is not an address.
  if (new RegExp(`,\\s*${n}[\\s.!?]*$`, "i").test(text)) return { addressed: true, rest: text.replace(back, "").trim() };
  return { addressed: false, rest: text };
}

export class ConversationState {
  private turns: Turn[] = [];
  private startedAt = 0;
  /** Speaker → is it the user. */
  private present = new Map<string, boolean>();
  private latest: { addressed: boolean; rest: string } = { addressed: false, rest: "" };

  constructor(
    private readonly assistantName: string,
    private readonly gapMs: number,
  ) {}

  hear(heard: Heard): void {
    const at = Date.parse(heard.ts);
    const last = this.turns.at(-1);
    if (last === undefined || at - last.at > this.gapMs) {
      this.turns = [];
      this.present = new Map();
      this.startedAt = at;
    }
    // Someone heard at last: the one the user spoke to before is here now.
    if (!heard.isUser) this.present.delete(SOMEONE);
    if (!this.present.has(heard.speaker)) this.present.set(heard.speaker, heard.isUser);
    this.latest = addressedByName(heard.text, this.assistantName);
    const lastOther = [...this.turns].reverse().find((t) => t.speaker !== heard.speaker);
    // Someone else, unless naming the assistant, talks to the user, who is there to hear it.
    let to = this.latest.addressed ? ASSISTANT : (lastOther?.speaker ?? (heard.isUser ? ASSISTANT : THE_USER));
    if (to === ASSISTANT && !this.latest.addressed && heard.isUser && toAPerson(heard.text)) {
      to = SOMEONE;
      this.present.set(SOMEONE, false);
    }
    this.turns.push({ speaker: heard.speaker, isUser: heard.isUser, to, at, text: heard.text });
    if (this.turns.length > KEEP_TURNS) this.turns.shift();
  }

  view(): ConversationView {
    return {
      startedAt: this.startedAt,
      present: [...this.present.keys()],
      userWith: [...this.present].filter(([, isUser]) => !isUser).map(([speaker]) => speaker),
      turns: [...this.turns],
      addressed: this.latest.addressed,
      rest: this.latest.rest,
    };
  }
}

/** One line for a model's context: who is here and who spoke to whom. */
export function describeConversation(v: ConversationView, userSpeaker: string): string {
  if (v.userWith.length === 0) return `The user (${userSpeaker}) is alone with you: what the user says is said to you, and each request is its own (a question asked earlier does not stop you from asking about a new one).`;
  const turns = v.turns.map((t) => `${t.speaker}${t.isUser ? " (the user)" : ""} to ${t.to === ASSISTANT ? "you" : t.to === THE_USER ? "the user" : t.to}: ${JSON.stringify(t.text)}`);
  return [
    `The user (${userSpeaker}) is in a conversation with ${v.userWith.map((w) => (w === SOMEONE ? "someone not heard (the user greeted or proposed something to them)" : w)).join(", ")}: what the user says is said to them, not to you, unless the user names you or says "remind me"/"set a timer". At most one question in this conversation, unless the user said yes to the last one.`,
    `${v.addressed ? "The latest utterance addresses you by name." : "The latest utterance does not address you."}`,
    "Who spoke to whom (oldest first):",
    ...turns.map((t) => `- ${t}`),
  ].join("\n");
}
