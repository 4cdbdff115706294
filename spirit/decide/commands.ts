/**
 * What the Spirit does about a request said to it alone (or by name), when the grammar
 * of commands (spirit/intents/commands.ts) recognises its form:
 *
 *   - "remind me about the plumber tomorrow at six", "wake me at half seven on friday",
 *     "put lunch with sam on the calendar for wednesday at one": a reminder whose text
 *     is what to be reminded of, in the user's words, with the time as the agent reads it;
 *   - "set a timer for 30 seconds": a timer;
 *   - "cancel my alarm", "push it to 8", "snooze that": a management decision, never a
 *     new reminder (spirit/decide/manage.ts carries it out);
 *   - "what reminders do I have", "what's on my calendar today", "what failed": one
 *     answer line, from what the Spirit knows of the log (spirit/daemon/situation.ts);
 *   - "turn off the lights", "send an email to my landlord": an honest line saying what
 *     it cannot do yet, unless the brain has an agent that can (spirit/decide/hearing.ts asks it).
 */
import type { Nlp } from "../language/nlp.js";
import { dayNamed, type Command, type WorldTopic } from "../intents/commands.js";
import { ago, type Meeting, type Situation } from "../daemon/situation.js";
import { namingWords, taskHas } from "./manage.js";
import { clockOf } from "../../tools/calendar/places.js";
import { chronoEn } from "../../tools/calendar/chrono-en.js";
import { spokenTimes } from "../../tools/calendar/spoken-time.js";

/** What the answers read: the agents at work and the next meeting (spirit/daemon/situation.ts). */
export type WorldView = Pick<Situation, "agentsNow" | "doneRecently" | "stillAtWork" | "nextMeeting">;

/** The task handed to the reminder or timer agent, or undefined when the command sets nothing. */
export function taskOf(command: Command, nlp: Nlp): { kind: "reminder" | "timer" | "alarm"; task: string } | undefined {
  if (command.type === "timer") return { kind: "timer", task: `set a timer${command.duration === undefined ? "" : ` for ${command.duration}`}${command.label ? ` for ${command.label}` : ""}` };
  if (command.type !== "reminder") return undefined;
  const what = command.what ?? (command.alarm ? "the alarm" : undefined);
  const when = command.when === undefined ? "" : ` ${command.when}`;
  if (what === undefined) return { kind: "reminder", task: `remind me${when}`.trim() };
  // A verb phrase is reminded "to"; a thing ("the plumber", "my biology test") "about".
  const to = command.to === true || (!command.about && !THING_FIRST.test(what) && startsWithVerb(nlp, what));
  // "that my rent is due on friday" said on thursday: its own time stays in the clause, and when comes first,
  // where the reminder agent reads it (agents/reminder/when.ts takes the first time it finds).
  const kind = command.alarm ? "alarm" : "reminder";
  if (command.that === true && when !== "" && chronoEn().parse(what, new Date(0)).length > 0) return { kind, task: `remind me${when} that ${what}` };
  return { kind, task: `remind me ${command.that === true ? "that" : to ? "to" : "about"} ${what}${when}` };
}

// Words that start the name of a thing, never a verb phrase ("lunch with sam", "my test").
const THING_FIRST = /^(?:the|a|an|my|your|our|his|her|their|this|that|these|those|meeting|appointment|event|lunch|dinner|breakfast|party|birthday|date|anniversary)\b/;

function startsWithVerb(nlp: Nlp, phrase: string): boolean {
  const json = nlp(`I will ${phrase}`).json({ terms: { tags: true } }) as { terms: { tags: string[] }[] }[];
  const [first, next] = [json[0]?.terms[2]?.tags ?? [], json[0]?.terms[3]?.tags ?? []];
  // "go", "pick up": an infinitive; "water the plants": a word before its object; not "monas wedding" (two verbs read into names).
  if (first.includes("Infinitive")) return true;
  return (first.includes("Verb") || first.includes("Noun")) && !first.includes("Gerund") && (next.includes("Determiner") || next.includes("Possessive"));
}

const AGENT_WORDS: Record<string, RegExp> = { reminders: /^reminder-/, alarms: /^reminder-/, timers: /^timer-/ };

/** One line answering a question about the world, from what is known now; `when`, the days the question asks about ("tomorrow", "this weekend"). */
export function answer(topic: WorldTopic, world: WorldView | undefined, now: Date, about = "", when?: string): string {
  if (world === undefined) return "I cannot see the log from here";
  const agents = world.agentsNow();
  switch (topic) {
    case "progress":
      return progress(about, world, now);
    case "reminders":
    case "alarms":
    case "timers": {
      const mine = atWork(agents).filter((a) => AGENT_WORDS[topic]!.test(a.id));
      const noun = topic === "timers" ? "timer" : "reminder";
      const days = when === undefined ? undefined : daysNamed(when, now);
      if (days !== undefined) return onDays(mine, days, topic === "alarms" ? "alarms or reminders" : `${noun}s`, noun);
      if (mine.length === 0) return `you have no ${topic === "alarms" ? "alarms or reminders" : `${noun}s`} set`;
      return `${count(mine.length, noun)} set: ${mine.slice(-5).map((a) => `${JSON.stringify(a.task)}${due(a)}`).join("; ")}`;
    }
    case "calendar": {
      // "what's on thursday", "am i free this weekend": the reminders due then, and the calendar's next meeting when it falls then.
      const days = when === undefined ? undefined : daysNamed(when, now);
      if (days === undefined) return meetingAnswer(world.nextMeeting, now);
      const meeting = world.nextMeeting !== undefined && within(world.nextMeeting.start, days) ? `; your meeting ${JSON.stringify(world.nextMeeting.title)} at ${world.nextMeeting.start.toISOString()}` : "";
      const reminders = onDays(atWork(agents).filter((a) => /^reminder-/.test(a.id)), days, "reminders", "reminder");
      return `${reminders}${meeting} (of the calendar the Spirit reads only the next meeting within a day)`;
    }
    case "running": {
      const at = atWork(agents);
      return at.length === 0 ? "no agents are at work" : `${count(at.length, "agent")} at work: ${at.slice(-5).map((a) => `${a.id} ${JSON.stringify(a.task)}`).join("; ")}`;
    }
    case "failed": {
      const failed = waitingForYou(agents);
      return failed.length === 0 ? "nothing has failed" : `${count(failed.length, "task")} failed, waiting for you: ${failed.join("; ")}`;
    }
    case "waiting": {
      const failed = waitingForYou(agents);
      return failed.length === 0 ? "nothing waits for you" : `${waitFor(failed.length)} (world respond): ${failed.join("; ")}`;
    }
    case "overview":
      return overview(world, now);
    case "abilities":
      return ABILITIES;
    case "presence":
      return "yes, I'm listening";
    case "asked":
      return asked(world, now);
    case "time":
      return about === "" ? `it's ${timeOfDay(now)} (${now.toLocaleDateString("en-GB", { weekday: "long", day: "numeric", month: "long" })})` : timeIn(about, now);
    case "date":
      return about === "" ? `today is ${now.toLocaleDateString("en-GB", { weekday: "long", day: "numeric", month: "long", year: "numeric" })}` : dayAnswer(about, now, false);
    case "countdown":
      return dayAnswer(about, now, true);
  }
}

interface Days {
  said: string;
  from: Date;
  to: Date;
}

/** The whole days the words name, read forward from now: one day, a weekend (two), a week (seven); undefined for none. */
function daysNamed(words: string, now: Date): Days | undefined {
  const found = chronoEn().parse(spokenTimes(words, "reminder"), now, { forwardDate: true })[0];
  if (found === undefined) return undefined;
  const from = found.start.date();
  from.setHours(0, 0, 0, 0);
  const to = new Date(from);
  if (/\bmonth\b/.test(words)) to.setMonth(to.getMonth() + 1, 1);
  else to.setDate(to.getDate() + (/\bweekend\b/.test(words) ? 2 : /\bweek\b/.test(words) ? 7 : 1));
  // The day, not its hour: "tomorrow at 9pm" asks about tomorrow; "8pm" alone, about today.
  const said = found.text.replace(/^(?:on|at|for) /, "").replace(/\s*\b(?:at|around|by|from)?\s*(?:\d{1,2}(?::\d\d)?\s*(?:am|pm)|noon|midnight)\b/g, "").trim();
  // "is my alarm on for the weekend": chrono-node reads "weekend" without its "the".
  return { said: said === "" ? "today" : said.replace(/^weekend$/, "the weekend"), from, to };
}

function within(at: Date, days: Days): boolean {
  return at.getTime() >= days.from.getTime() && at.getTime() < days.to.getTime();
}

/** "1 reminder set for tomorrow: …", or none then, with how many others are set. */
function onDays(mine: ReturnType<WorldView["agentsNow"]>, days: Days, none: string, noun: string): string {
  const then = mine.filter((a) => a.parkedUntil !== null && within(new Date(a.parkedUntil), days));
  const others = mine.length - then.length;
  if (then.length === 0) return `you have no ${none} set for ${days.said}${others > 0 ? ` (${count(others, "other")} set)` : ""}`;
  return `${count(then.length, noun)} set for ${days.said}: ${then.slice(-5).map((a) => `${JSON.stringify(a.task)}${due(a)}`).join("; ")}`;
}

function timeOfDay(at: Date, timeZone?: string): string {
  return at.toLocaleTimeString("en-GB", { hour: "numeric", minute: "2-digit", hour12: true, ...(timeZone && { timeZone }) });
}

/** "christmas is Friday 25 December, in 28 days": the day the words name, read forward from now. */
function dayAnswer(words: string, now: Date, countdown: boolean): string {
  const day = dayNamed(words, now);
  if (day === undefined) return `I can't tell which day ${JSON.stringify(words)} is`;
  const date = day.at.toLocaleDateString("en-GB", { weekday: "long", day: "numeric", month: "long", ...(day.at.getFullYear() !== now.getFullYear() && { year: "numeric" }) });
  const days = Math.round((Date.UTC(day.at.getFullYear(), day.at.getMonth(), day.at.getDate()) - Date.UTC(now.getFullYear(), now.getMonth(), now.getDate())) / 86_400_000);
  // "what day was yesterday": a day gone is said as gone.
  if (days < 0) return `${day.said} was ${date}${countdown ? `, ${count(-days, "day")} ago` : ""}`;
  const away = days === 0 ? "today" : days === 1 ? "tomorrow" : `in ${days} days${days >= 14 ? ` (${weeksAndDays(days)})` : ""}`;
  // "today is Monday 5 January", not "… (today)" again.
  return countdown ? `${day.said} is ${away}, ${date}` : `${day.said} is ${date}${days <= 1 && !/\b(?:today|tomorrow|tonight)\b/.test(day.said) ? ` (${away})` : ""}`;
}

function weeksAndDays(days: number): string {
  const weeks = Math.floor(days / 7);
  return `${count(weeks, "week")}${days % 7 === 0 ? "" : ` and ${count(days % 7, "day")}`}`;
}

/** "it's 7:08 am in Tokyo (Saturday)": a place's clock (tools/calendar/places.ts), or an honest "I don't know". */
function timeIn(place: string, now: Date): string {
  const clock = clockOf(place);
  if (clock === undefined) return `I don't know which time zone ${JSON.stringify(place)} is in: name a city, as Tokyo or New York`;
  if ("several" in clock) return `${JSON.stringify(place)} has more than one time zone: name a city there`;
  const weekday = (timeZone?: string) => now.toLocaleDateString("en-GB", { weekday: "long", ...(timeZone && { timeZone }) });
  const there = weekday(clock.zone);
  return `it's ${timeOfDay(now, clock.zone)} ${clock.where}${there === weekday() ? "" : ` (${there})`}`;
}

// What the Spirit itself does, whatever agents are installed: each clause is a path in spirit/decide.
const ABILITIES =
  "I set reminders, alarms and timers, and cancel, move or snooze them; I tell you what is at work, what waits for your answer and your next meeting; when an agent here can do a task, I offer it and ask before anything that matters";

/** "what did i ask you to do": the latest sessions, at work or done since the Spirit started, newest first. */
function asked(world: WorldView, now: Date): string {
  const all = [
    ...world.agentsNow().map((a) => ({ task: a.task, since: a.since, state: stateWords(a, now) })),
    ...world.doneRecently().map((d) => ({ task: d.task, since: d.since, state: d.status === "closed" ? "was closed" : "is done and checked" })),
  ].sort((a, b) => Date.parse(b.since) - Date.parse(a.since));
  if (all.length === 0) return "you have asked me nothing since I started";
  // A state that says its own time ("still at work (start 3 min ago)") is not told it twice.
  return `the latest: ${all.slice(0, 3).map((a) => `${JSON.stringify(a.task)} ${a.state}${a.state.endsWith(")") ? "" : ` (${ago(a.since, now)})`}`).join("; ")}`;
}

/** The sessions at work: running, or parked until their time. */
function atWork(agents: ReturnType<WorldView["agentsNow"]>): ReturnType<WorldView["agentsNow"]> {
  return agents.filter((a) => a.state === "active" || a.state === "parked");
}

/** "2 tasks wait for your answer". */
function waitFor(n: number): string {
  return `${count(n, "task")} ${n === 1 ? "waits" : "wait"} for your answer`;
}

/** The failed sessions, each with what it needs from the user (the Verifier's escalation). */
function waitingForYou(agents: ReturnType<WorldView["agentsNow"]>): string[] {
  return agents.filter((a) => a.state === "failed").slice(-5).map((a) => `${a.id} ${JSON.stringify(a.task)}${a.blocker ? ` (needs ${a.blocker})` : ""}`);
}

/** "status report": what is at work, what waits for the user, what was done since the Spirit started. */
function overview(world: WorldView, now: Date): string {
  const agents = world.agentsNow();
  const working = atWork(agents);
  const checking = agents.filter((a) => a.state === "pending");
  const waiting = waitingForYou(agents);
  const done = world.doneRecently();
  const latest = done.at(-1);
  const parts = [
    working.length === 0 ? "nothing is at work" : `${count(working.length, "agent")} at work (${working.slice(-3).map((a) => JSON.stringify(a.task)).join(", ")})`,
    ...(checking.length === 0 ? [] : [`${count(checking.length, "task")} finished and being checked`]),
    waiting.length === 0 ? "nothing waits for you" : `${waitFor(waiting.length)}: ${waiting.join("; ")}`,
    latest === undefined ? "nothing done since I started" : `${done.length} done since I started, the latest ${JSON.stringify(latest.task)} (${ago(latest.since, now)})`,
  ];
  return parts.join("; ");
}

// "the flight searches" names "a search for flights": a word's ending said is not needed in the task.
const STEM = (w: string) => w.replace(/(?:es|s|ing|ed)$/, "");

/** "is the flight search done": the state of each session whose task has the words said (as "cancel" finds one, manage.ts), newest first. */
function progress(about: string, world: WorldView, now: Date): string {
  const words = namingWords(about).map(STEM);
  const open = world.agentsNow().filter((a) => taskHas(a.task, words)).map((a) => `${JSON.stringify(a.task)} ${stateWords(a, now)}`);
  const done = world.doneRecently().filter((d) => taskHas(d.task, words)).map((d) => `${JSON.stringify(d.task)} ${d.status === "closed" ? "was closed" : "is done and checked"} (${ago(d.since, now)})`);
  const all = [...open, ...done];
  if (all.length === 0) return `I know of no task about ${about} (none open, none done since I started)`;
  return all.slice(-3).reverse().join("; ");
}

function stateWords(a: ReturnType<WorldView["agentsNow"]>[number], now: Date): string {
  switch (a.state) {
    case "parked":
      return `is waiting until ${a.parkedUntil}`;
    case "active":
      return `is still at work (${a.status} ${ago(a.since, now)})`;
    case "pending":
      return `has finished and is being checked`;
    case "failed":
      return `failed and waits for you${a.blocker ? `: it needs ${a.blocker}` : ""}`;
    default:
      return `is ${a.status}`;
  }
}

function meetingAnswer(meeting: Meeting | undefined, now: Date): string {
  if (meeting === undefined) return "I know of no meeting in the next day (from the calendar the Spirit reads, if one is set: world spirit --calendar)";
  const minutes = Math.max(0, Math.round((meeting.start.getTime() - now.getTime()) / 60_000));
  return `your next meeting is ${JSON.stringify(meeting.title)} at ${meeting.start.toISOString()} (in ${minutes < 120 ? `${minutes} min` : `${Math.round(minutes / 60)} h`})`;
}

/** " (due <ISO>, repeats every day at 8am)": when a pending reminder goes off next, and how it repeats. */
function due(a: { parkedUntil: string | null; repeats?: string }): string {
  const said = [a.parkedUntil && `due ${a.parkedUntil}`, a.repeats && `repeats ${a.repeats}`].filter((s) => s);
  return said.length ? ` (${said.join(", ")})` : "";
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}

/** "I can't control the lights yet": what no agent here does, said once, honestly. */
export function cannot(capability: string): string {
  return `I can't ${capability} yet`;
}
