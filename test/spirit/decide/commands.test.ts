import { describe, expect, it } from "vitest";
import type { Entry, EventEntry, Located } from "../../../tools/world/entry.js";
import { planReminder } from "../../../agents/reminder/plan.js";
import { everyText } from "../../../agents/reminder/every.js";
import { armedLine } from "../../../agents/reminder/armed.js";
import { OfflineBrain } from "../../../spirit/decide/brain-offline.js";
import { DECIDE_CONFIG as config } from "../helpers.js";
import type { Action } from "../../../spirit/decide/decide.js";
import { actionLine, hearVoice } from "../../../spirit/decide/hearing.js";
import { readCommand, reminderOf } from "../../../spirit/intents/commands.js";
import { spokenTimes } from "../../../tools/calendar/spoken-time.js";
import { SOURCE } from "../../../spirit/daemon/lines.js";
import { SpiritMemory } from "../../../spirit/daemon/memory.js";
import { manageLine } from "../../../spirit/decide/manage.js";
import { loadNlp } from "../../../spirit/language/nlp.js";
import { secondPerson } from "../../../spirit/decide/offers.js";
import { questionProblems } from "../../../spirit/language/question-check.js";
import { Situation } from "../../../spirit/daemon/situation.js";


/** The Spirit's decision path for the user alone with the assistant, lines folded back as the daemon does. */
function room() {
  const memory = new SpiritMemory("me", config);
  const world = new Situation();
  const brain = new OfflineBrain();
  let line = 0;
  const hear = async (text: string, now: number): Promise<Action> => {
    line += 1;
    const entry: Located<EventEntry> = { kind: "event", ts: new Date(now).toISOString(), source: "voice", id: "me", output: text, line, offset: line * 100 };
    const hearing = await hearVoice(entry, { memory, brain, config, situation: () => "", world }, now);
    if (hearing.type !== "action") throw new Error(`expected an action, received ${hearing.type}`);
    if (hearing.action.type !== "quiet") {
      const said = actionLine(hearing.action, hearing.heard);
      memory.apply({ kind: "event", ts: new Date(now).toISOString(), source: SOURCE, id: said.id, output: said.output });
    }
    return hearing.action;
  };
  const agent = (id: string, status: "start" | "finish" | "verified", output: string, now: number) =>
    world.apply({ kind: "agent", ts: new Date(now).toISOString(), status, id, output } as Entry);
  return { hear, agent, world };
}

const T0 = Date.parse("2026-01-05T09:00:00.000Z");

/** Asks a question of the room and expects one answer line back: its text. */
function answers(r: ReturnType<typeof room>): (said: string, at: number) => Promise<string> {
  return async (said, at) => {
    const a = await r.hear(said, at);
    expect(a, said).toMatchObject({ type: "say", kind: "answer" });
    return a.type === "say" ? a.text : "";
  };
}

/** Each request, said to the assistant alone, gets its one honest line. */
async function saysCannot(pairs: readonly (readonly [string, string])[]): Promise<void> {
  const r = room();
  for (const [said, line] of pairs) expect(await r.hear(said, T0), said).toMatchObject({ type: "say", kind: "can't", text: line });
}

async function spawned(text: string): Promise<{ agentKind: string; task: string }> {
  const action = await room().hear(text, T0);
  if (action.type !== "spawn") throw new Error(`expected a spawn for ${JSON.stringify(text)}, received ${JSON.stringify(action)}`);
  return { agentKind: action.agentKind, task: action.task };
}

describe("spoken times", () => {
  it("reads clock times said in words, with the am/pm they mean", () => {
    expect(spokenTimes("tomorrow at six", "reminder")).toBe("tomorrow at 6pm");
    expect(spokenTimes("at half seven on friday", "alarm")).toBe("at 7:30am on friday");
    expect(spokenTimes("for five thirty", "alarm")).toBe("for 5:30am");
    expect(spokenTimes("at six in the evening", "alarm")).toBe("at 6pm in the evening");
    expect(spokenTimes("ten am on april two", "reminder")).toBe("10am on april 2");
    expect(spokenTimes("in twenty minutes", "reminder")).toBe("in 20 minutes");
    expect(spokenTimes("quarter to nine", "alarm")).toBe("8:45am");
    expect(spokenTimes("by twelve noon", "reminder")).toBe("by noon");
    expect(spokenTimes("the day after tomorrow", "reminder")).toBe("in 2 days");
    expect(spokenTimes("three days from today", "reminder")).toBe("in 3 days");
  });
});

describe("setting reminders, alarms and timers in the ways people say them", () => {
  it("keeps what to be reminded of, never the request with words cut out", async () => {
    expect(await spawned("remind me about the plumber tomorrow at six")).toEqual({ agentKind: "reminder", task: "remind me about the plumber tomorrow at 6pm" });
    expect(await spawned("olly remind me to call my mother at five pm")).toEqual({ agentKind: "reminder", task: "remind me to call my mother at 5pm" });
    expect(await spawned("notify me about the dentist on monday at nine")).toEqual({ agentKind: "reminder", task: "remind me about the dentist on monday at 9am" });
    expect(await spawned("put lunch with sam on the calendar for wednesday at one")).toEqual({ agentKind: "reminder", task: "remind me about lunch with sam wednesday at 1pm" });
  });

  it("hears a reminder asked for in the other ways people ask: a wish to be reminded, 'make sure i', 'note down that', a reminder noun with its verb, a fact to be told", async () => {
    for (const [said, task] of [
      ["i'd like to be reminded to stretch at three", "remind me to stretch at 3pm"],
      ["make sure i text jo on saturday", "remind me to text jo on saturday"],
      ["make sure to lock up at ten tonight", "remind me to lock up at 10pm tonight"],
      ["jot down that there's a fire drill at eleven", "remind me about a fire drill at 11am"],
      ["note down that i have a dentist appointment on friday at nine", "remind me about a dentist appointment on friday at 9am"],
      ["i need a reminder to renew the car tax on monday", "remind me to renew the car tax on monday"],
      ["remind me that the builders arrive at eight", "remind me that the builders arrive at 8am"],
      ["remind me at lunchtime to book the vet", "remind me to book the vet at noon"],
      ["remind me at bedtime to charge my phone", "remind me to charge my phone at bedtime"],
      ["dad's birthday is on the ninth", "remind me about dad's birthday on the 9th"],
      ["do not forget to ring the school tomorrow", "remind me to ring the school tomorrow"],
      ["don't forget to set a reminder to renew my library books", "remind me to renew my library books"],
      ["put in a reminder that i need to book the vet on friday", "remind me to book the vet on friday"],
      ["remind me daily to water the tomatoes at seven", "remind me to water the tomatoes at 7pm every day"],
      ["remind me hourly to stretch my legs", "remind me to stretch my legs every hour"],
    ] as const) {
      expect(await spawned(said), said).toEqual({ agentKind: "reminder", task });
    }
    expect(await spawned("put a timer on for nine minutes")).toEqual({ agentKind: "timer", task: "set a timer for 9 minutes" });
    // Said to a person about what they are to do: no reminder for the user.
    expect(readCommand("don't forget you said you'd fix the tap")).toBeUndefined();
    expect(readCommand("remember your umbrella")).toBeUndefined();
    expect(readCommand("make sure to put yourself on silent before the film")).toBeUndefined();
  });

  it("talk about a meeting is no calendar entry: without a time or words asking for one, nothing is set", async () => {
    for (const text of ["Right, so start of the first meeting.", "so, first item on the agenda"]) {
      expect((await room().hear(text, T0)).type, text).toBe("quiet");
    }
    // The same subject with a time, or asked for, is one.
    expect((await spawned("i have a meeting with al on march 21st at 10")).agentKind).toBe("reminder");
    expect((await spawned("remind me about the meeting tomorrow at 9")).task).toBe("remind me about the meeting tomorrow at 9am");
  });

  it("hears a time said first ('tomorrow at six', 'every monday'), 'don't let me sleep past', a filler before, and a thing due said before the request", async () => {
    expect((await spawned("tomorrow at six remind me to call mum")).task).toBe("remind me to call mum tomorrow at 6pm");
    expect((await spawned("every monday remind me to put the bins out")).task).toBe("remind me to put the bins out every monday");
    expect(readCommand("today is my birthday remind me to buy cake")).not.toMatchObject({ what: expect.stringContaining("birthday") });
    expect((await spawned("dont let me sleep past eight on sunday")).task).toBe("remind me to wake up at 8am on sunday");
    expect((await spawned("yo remind me to call the garage at noon")).task).toBe("remind me to call the garage at noon");
    // The thing's own time stays in the clause; the reminder's comes first, where the agent reads it.
    expect((await spawned("my essay's due on the twelfth so give me a reminder on the eleventh")).task).toBe("remind me on the 11th that my essay is due on the 12th");
  });

  it("hears 'need waking at', 'give us a shout in', and what a reminder is for after 'so i can'", async () => {
    expect((await spawned("i need waking at seven tomorrow")).task).toBe("remind me to wake up at 7am tomorrow");
    expect((await spawned("give us a shout in an hour so i can take the washing out")).task).toBe("remind me to take the washing out in an hour");
  });

  it("wakes the user the ways people ask", async () => {
    expect(await spawned("wake me at half seven on friday")).toEqual({ agentKind: "reminder", task: "remind me to wake up at 7:30am on friday" });
    expect(await spawned("siri get me up at six")).toEqual({ agentKind: "reminder", task: "remind me to wake up at 6am" });
    expect((await spawned("let me know when it's 4 pm")).task).toMatch(/ 4pm$/);
    expect(await spawned("set a timer for thirty seconds")).toEqual({ agentKind: "timer", task: "set a timer for 30 seconds" });
    // Passive, and said as being up by a time: the alarm rings then.
    expect(await spawned("i want to be woken at seven")).toEqual({ agentKind: "reminder", task: "remind me to wake up at 7am" });
    expect(await spawned("make sure i'm up by six")).toEqual({ agentKind: "reminder", task: "remind me to wake up at 6am" });
    expect(await spawned("make sure i'm awake before eight tomorrow")).toEqual({ agentKind: "reminder", task: "remind me to wake up at 8am tomorrow" });
  });

  it("hears how often an alarm repeats when it is said before the word 'alarm'", async () => {
    expect(await spawned("set up a daily alarm at seven")).toEqual({ agentKind: "reminder", task: "remind me about the alarm at 7am every day" });
    expect(await spawned("set a weekday alarm for six thirty")).toEqual({ agentKind: "reminder", task: "remind me about the alarm at 6:30am every weekday" });
    expect(await spawned("create a recurring alarm every sunday at nine")).toEqual({ agentKind: "reminder", task: "remind me about the alarm at 9am every sunday" });
    // A number before a word that only starts like a unit ("weekly", "hourly") is a clock time.
    expect(spokenTimes("for monday at seven weekly", "alarm")).toBe("for monday at 7am weekly");
  });

  it("hears the request said after what it is about, a day said first, minutes left unsaid at the end", async () => {
    expect(await spawned("i have a dentist at four remind me")).toEqual({ agentKind: "reminder", task: "remind me about a dentist at 4pm" });
    expect(await spawned("tomorrow morning wake me at six")).toEqual({ agentKind: "reminder", task: "remind me to wake up at 6am tomorrow morning" });
    expect(await spawned("remind me to check the oven in twenty")).toEqual({ agentKind: "reminder", task: "remind me to check the oven in 20 minutes" });
    expect(await spawned("need an alarm at quarter past six")).toEqual({ agentKind: "reminder", task: "remind me about the alarm at 6:15am" });
    // Words that would move an open question's offer are a request of their own when none is open.
    expect(await spawned("remind me tomorrow at two pm")).toEqual({ agentKind: "reminder", task: "remind me tomorrow at 2pm" });
  });

  it("hears the request after a reason, a moment or a condition said first, keeping what it leaves unsaid", async () => {
    expect(await spawned("the train leaves at nine so wake me at half seven")).toEqual({ agentKind: "reminder", task: "remind me to wake up at 7:30am" });
    expect(await spawned("i always forget to take my vitamins so remind me every morning")).toEqual({ agentKind: "reminder", task: "remind me to take my vitamins every morning" });
    expect(await spawned("i keep forgetting to water the ferns so remind me on sunday")).toEqual({ agentKind: "reminder", task: "remind me to water the ferns on sunday" });
    expect(await spawned("i've got the optician at three on thursday so remind me at two to set off")).toEqual({ agentKind: "reminder", task: "remind me to set off at 2pm on thursday" });
    expect(await spawned("when i get to work remind me to email the plumber")).toEqual({ agentKind: "reminder", task: "remind me to email the plumber when i get to work" });
    expect(await spawned("after lunch remind me to ring the garage")).toEqual({ agentKind: "reminder", task: "remind me to ring the garage after lunch" });
    expect(await spawned("tomorrow when i get up remind me to defrost the chicken")).toEqual({ agentKind: "reminder", task: "remind me to defrost the chicken when i get up tomorrow" });
    expect(await spawned("at six tonight remind me the recycling goes out")).toEqual({ agentKind: "reminder", task: "remind me that the recycling goes out at 6pm tonight" });
    // "as soon as" is a moment, not a reason cut off.
    expect(await spawned("remind me to thank sara as soon as i see her")).toEqual({ agentKind: "reminder", task: "remind me to thank sara as soon as i see her" });
    expect(await spawned("i need to be up by quarter past six")).toEqual({ agentKind: "reminder", task: "remind me to wake up at 6:15am" });
    // An entry asked for after it is told, said without apostrophes as a recogniser writes it.
    expect(await spawned("weve got the school fete on the sixth can you stick it in the calendar")).toEqual({ agentKind: "reminder", task: "remind me about the school fete on the 6th" });
    expect(await spawned("were going to the aquarium on saturday pop it in the diary")).toEqual({ agentKind: "reminder", task: "remind me to go to the aquarium on saturday" });
    expect(await spawned("the boys football training starts on monday at five can you add that")).toEqual({ agentKind: "reminder", task: "remind me about the boys football training on monday at 5pm" });
    expect(await spawned("ive got a smear test on the ninth at ten can you put it in")).toEqual({ agentKind: "reminder", task: "remind me about a smear test on the 9th at 10am" });
    expect(await spawned("pencil the electrician in for wednesday afternoon")).toEqual({ agentKind: "reminder", task: "remind me about the electrician wednesday afternoon" });
    // The request asked after what leads to it, with "can you" or "please".
    expect(await spawned("the school closes early on thursday could you put collect the kids at two in the calendar")).toMatchObject({ agentKind: "reminder", task: expect.stringMatching(/^remind me about collect the kids at 2pm on thursday$/) });
    expect(await spawned("i have to water the tomatoes please remind me tonight")).toEqual({ agentKind: "reminder", task: "remind me to water the tomatoes tonight" });
    expect(await spawned("were off to the cinema on friday stick it in the calendar for seven")).toEqual({ agentKind: "reminder", task: "remind me to go to the cinema on friday at 7pm" });
    expect(await spawned("i want to catch the first train so set me an alarm for twenty to six")).toEqual({ agentKind: "reminder", task: "remind me about the alarm at 5:40am" });
    expect(await spawned("i always forget my inhaler so remind me every evening")).toEqual({ agentKind: "reminder", task: "remind me about my inhaler every evening" });
    expect(await spawned("when the washing finishes i need a reminder to hang it out")).toEqual({ agentKind: "reminder", task: "remind me to hang it out when the washing finishes" });
    // A word broken off, then said again.
    expect(await spawned("set an al- set an alarm for five")).toEqual({ agentKind: "reminder", task: "remind me about the alarm at 5am" });
    expect(await spawned("remind me to phone the- no to email the school")).toEqual({ agentKind: "reminder", task: "remind me to email the school" });
  });

  it("sets a timer named by its length, its name before or after, or asked for as 'time me' or 'tell me when … is up'", async () => {
    expect(await spawned("a three minute timer for the tea")).toEqual({ agentKind: "timer", task: "set a timer for 3 minutes for tea" });
    expect(await spawned("start a countdown for two hours ten")).toEqual({ agentKind: "timer", task: "set a timer for 2 hours and 10 minutes" });
    expect(await spawned("rice timer eighteen minutes")).toEqual({ agentKind: "timer", task: "set a timer for 18 minutes for rice" });
    expect(await spawned("give me a timer for seventy five seconds")).toEqual({ agentKind: "timer", task: "set a timer for 75 seconds" });
    expect(await spawned("time me for a quarter of an hour")).toEqual({ agentKind: "timer", task: "set a timer for 15 minutes" });
    expect(await spawned("tell me when twenty minutes are up")).toEqual({ agentKind: "timer", task: "set a timer for 20 minutes" });
    expect(await spawned("set a timer named bread for an hour")).toEqual({ agentKind: "timer", task: "set a timer for 1 hour for bread" });
    expect(await spawned("timer twelve")).toEqual({ agentKind: "timer", task: "set a timer for 12 minutes" });
    expect(readCommand("i got a new kitchen timer")).toBeUndefined();
  });

  it("keeps the user's own state as a clause: 'that i am off on friday'", async () => {
    expect(await spawned("add to my calendar that i'm off on friday")).toEqual({ agentKind: "reminder", task: "remind me that i am off on friday" });
    expect(await spawned("i need reminding about the car service next tuesday")).toEqual({ agentKind: "reminder", task: "remind me about the car service next tuesday" });
    expect(await spawned("i need reminding to call the vet")).toEqual({ agentKind: "reminder", task: "remind me to call the vet" });
    expect(await spawned("schedule dentist for the twenty third at two pm")).toMatchObject({ agentKind: "reminder", task: expect.stringMatching(/^remind me about dentist .*23rd at 2pm$/) });
    // "am" the verb is no morning: the afternoon, as for any reminder said without am or pm.
    expect(spokenTimes("i am seeing the doctor at four", "reminder")).toBe("i am seeing the doctor at 4pm");
  });

  it("reads the rarer forms: a day marked, an occasion named, a day first, an event to attend, a day of the month", async () => {
    expect(await spawned("mark the day after tomorrow as my day off")).toEqual({ agentKind: "reminder", task: "remind me about my day off in 2 days" });
    expect(await spawned("friday should be marked as a holiday")).toEqual({ agentKind: "reminder", task: "remind me about holiday friday" });
    expect(await spawned("dentist appointment thursday at four")).toEqual({ agentKind: "reminder", task: "remind me about dentist appointment thursday at 4pm" });
    expect(await spawned("my sister's graduation")).toEqual({ agentKind: "reminder", task: "remind me about my sister's graduation" });
    expect(await spawned("on march third pick up the suit from the tailor")).toEqual({ agentKind: "reminder", task: "remind me to pick up the suit from the tailor march 3rd" });
    expect(await spawned("go to the concert before dinner")).toEqual({ agentKind: "reminder", task: "remind me to attend the concert before dinner" });
    expect(await spawned("please update the calendar to show the school play")).toEqual({ agentKind: "reminder", task: "remind me about the school play" });
    expect(await spawned("i have a train to catch on the twentieth")).toEqual({ agentKind: "reminder", task: "remind me about a train to catch on the 20th" });
    // Not these: a question, ideas for an occasion, a greeting, a booking.
    for (const said of ["tell me about the eiffel tower", "birthday party ideas", "happy birthday", "when is the meeting", "book a taxi to the station tomorrow at six", "remember that i like jazz", "monday morning blues", "friday night lights", "the meeting"]) {
      const a = await room().hear(said, T0);
      expect(a.type === "spawn" && a.agentKind === "reminder", said).toBe(false);
    }
  });

  it("cuts what is not the reminder out of its text: request words, a glued clause, a stumble", async () => {
    expect((await spawned("remind me to to feed the cat at seven pm")).task).toBe("remind me to feed the cat at 7pm");
    expect((await spawned("i have a dentist appointment on monday add it to my calendar")).task).toBe("remind me about a dentist appointment on monday");
    expect((await spawned("add to calendar june nine is dad's birthday repeat every year")).task).toBe("remind me about dad's birthday june 9 every year");
    // Hesitations are not words of the request; halves and "to"/"past" an hour are times.
    expect((await spawned("uh remind me um to call mum at five")).task).toBe("remind me to call mum at 5pm");
    expect((await spawned("remind me in two and a half hours to check the roast")).task).toBe("remind me to check the roast in 2.5 hours");
    expect((await spawned("remind me at ten to five to leave")).task).toBe("remind me to leave at 4:50pm");
    expect((await spawned("remind me on the third of december to pay rent")).task).toBe("remind me to pay rent on the 3rd of december");
    expect((await spawned("set a reminder for five to call mum")).task).toBe("remind me to call mum at 5pm");
    expect((await spawned("set an alarm for half past seven tomorrow")).task).toBe("remind me about the alarm at 7:30am tomorrow");
    // Speech as it comes: fillers, a restart, a time mended half-way, a thought of one's own first (spirit/intents/fluent.ts).
    expect((await spawned("could you like set a reminder for nine am to feed the fish")).task).toBe("remind me to feed the fish at 9am");
    expect((await spawned("remind me at two no sorry three to phone the garage")).task).toBe("remind me to phone the garage at 3pm");
    expect((await spawned("remind me on monday i mean tuesday to post the parcel")).task).toBe("remind me to post the parcel on tuesday");
    expect((await spawned("you know what remind me to book the vet on friday")).task).toBe("remind me to book the vet on friday");
    expect((await spawned("oh no i forgot to pay the window cleaner remind me later")).task).toBe("remind me to pay the window cleaner");
    // Asked politely, the long way round: the frame is not the reminder.
    expect((await spawned("i was wondering if you could remind me to book the garage at ten")).task).toBe("remind me to book the garage at 10am");
    expect((await spawned("would you mind setting a timer for fifteen minutes")).task).toBe("set a timer for 15 minutes");
    expect((await spawned("any chance you could remind me about the parcel tomorrow")).task).toBe("remind me about the parcel tomorrow");
    expect((await spawned("i'd be grateful if you'd remind me to ring gran on sunday")).task).toBe("remind me to ring gran on sunday");
    expect((await spawned("remind me, would you, to lock the shed at six")).task).toBe("remind me to lock the shed at 6pm");
    expect((await spawned("can you make sure i don't forget the tickets tomorrow")).task).toBe("remind me about the tickets tomorrow");
    expect((await spawned("if you could set an alarm for half six that would be great")).task).toBe("remind me about the alarm at 6:30am");
    // "in ten" after a reminder's verb is minutes; "tell me when it's five" is a time to be told.
    expect((await spawned("remind me in ten to turn the oven off")).task).toBe("remind me to turn the oven off in 10 minutes");
    expect((await spawned("tell me when it's six o'clock")).task).toBe("remind me at 6pm");
    // A time said loosely: a quarter to, about an hour, "in the morning", a 24-hour hour, the end of the week.
    expect((await spawned("remind me at quarter to six to bring in the washing")).task).toBe("remind me to bring in the washing at 5:45pm");
    expect((await spawned("remind me in an hour or so to ring the garage")).task).toBe("remind me to ring the garage in an hour");
    expect((await spawned("remind me to put the bins out in the morning")).task).toBe("remind me to put the bins out in the morning");
    expect((await spawned("remind me at sixteen hundred to feed the fish")).task).toBe("remind me to feed the fish at 4pm");
    expect((await spawned("remind me by the end of the week to send the invoice")).task).toBe("remind me to send the invoice on friday at 5pm");
    expect((await spawned("remind me about the evening walk")).task).toBe("remind me about the evening walk");
    // A moment no clock names ("when i get home"): set without a time, its agent asks when.
    expect((await spawned("remind me when i get home to take the chicken out")).task).toBe("remind me to take the chicken out");
    expect((await spawned("remind me to collect the parcel by twelve noon from the post office i have a two pm class")).task).toBe("remind me to collect the parcel from the post office by noon");
    expect((await spawned("please remind me one hour before the call i have tomorrow morning")).task).toBe("remind me about the call 1 hour before tomorrow morning");
    // A particle of the verb stays when the time after it is cut; a time without its own preposition takes it along.
    expect((await spawned("remind me to turn the heating on at six")).task).toBe("remind me to turn the heating on at 6pm");
    expect((await spawned("remind me to hand my essay in on monday")).task).toBe("remind me to hand my essay in on monday");
    expect((await spawned("remind me to log in at ten")).task).toBe("remind me to log in at 10am");
    expect((await spawned("remind me to call mum in the morning")).task).toBe("remind me to call mum in the morning");
    expect((await spawned("put a team standup in every weekday at nine fifteen")).task).toBe("remind me about team standup at 9:15am every weekday");
    // A length before an event: the event is a word of the time when something else is to be done then.
    expect((await spawned("would you mind reminding me ten minutes before the meeting to print the slides")).task).toBe("remind me to print the slides 10 minutes before the meeting");
    expect((await spawned("set a reminder three days before mum's anniversary so i can get flowers")).task).toBe("remind me to get flowers 3 days before mum's anniversary");
    expect((await spawned("give me a heads up thirty minutes before my dentist appointment")).task).toBe("remind me about my dentist appointment 30 minutes before");
    // A moment said as a clause first, said after what to do; a stressing "do" and "itself"; "a recurring one"; why, after "and i always".
    expect((await spawned("remind me before i go to bed to set the dishwasher going")).task).toBe("remind me to set the dishwasher going before bed");
    expect((await spawned("please do remind me tomorrow morning itself to take the passport photocopy to office")).task).toBe("remind me to take the passport photocopy to office tomorrow morning");
    expect((await spawned("can you set a recurring one every sunday evening to put the kids' uniforms in the wash")).task).toBe("remind me to put the kids' uniforms in the wash every sunday evening");
    expect((await spawned("give me a nudge in about forty five minutes i'll be in the bath and i always lose track")).task).toBe("remind me that i will be in the bath in about 45 minutes");
    expect((await spawned("create an event called book club on the 3rd of june at seven thirty")).task).toBe("remind me about book club on the 3rd of june at 7:30pm");
    expect((await spawned("um can you remind me twenty minutes before the match starts to get the kettle on")).task).toBe("remind me to get the kettle on 20 minutes before the match starts");
    // A reason said instead of what ("cos the washing'll be done"): what will be is what to be reminded of; the user's own words about it are not.
    expect((await spawned("could you give me a shout in half an hour cos the washing'll be done by then")).task).toBe("remind me that the washing will be done in half an hour");
    expect((await spawned("remind me monday that the car tax is due i still haven't paid it")).task).toBe("remind me that the car tax is due monday");
    expect((await spawned("could you ping me at two so i join the zoom with the accountants on time")).task).toBe("remind me to join the zoom with the accountants on time at 2pm");
    expect((await spawned("gimme a nudge at half four so i don't miss the bus")).task).toBe("remind me about the bus at 4:30pm");
    // "bin night", "quiz night", "parents' evening": a part of the day after a noun names the event; "at night" is a time.
    expect((await spawned("every other wednesday at six remind me it's bin night")).task).toBe("remind me at 6pm every 2 weeks on wednesday that it is bin night");
    expect((await spawned("remind me about quiz night on friday")).task).toBe("remind me about quiz night on friday");
    expect((await spawned("remind me at night to lock up")).task).toBe("remind me to lock up at night");
    expect((await spawned("the day after tomorrow i've got parents evening at six put it in the diary")).task).toBe("remind me about parents evening at 6pm in 2 days");
    // Said the ways people say it: a filler after "so", "weekdays" first, Scots "ye" and "the morn".
    expect((await spawned("right so i've gotta be out the door by eight tomorrow so like wake me at seven")).task).toBe("remind me to wake up at 7am tomorrow");
    expect((await spawned("weekdays at seven wake me up with the radio on")).task).toBe("remind me to wake up at 7am every weekday");
    expect((await spawned("can ye wake me at seven the morn")).task).toBe("remind me to wake up at 7am tomorrow");
    // A clause of its own glued on after what to do is why, not what (unless it is what to tell); "or …" is what happens otherwise.
    expect((await spawned("remind me to turn the oven off in forty minutes i'm just popping next door")).task).toBe("remind me to turn the oven off in 40 minutes");
    expect((await spawned("remind me to drop the library books back on thursday they're overdue already")).task).toBe("remind me to drop the library books back on thursday");
    expect((await spawned("remind me to switch the immersion off in an hour or the water'll be scalding")).task).toBe("remind me to switch the immersion off in an hour");
    expect((await spawned("remind me to tell mum i'm running late at six")).task).toBe("remind me to tell mum i am running late at 6pm");
    expect((await spawned("remind me to call me sister at eight tonight she a go vex if i forget again")).task).toBe("remind me to call my sister at 8pm tonight");
    // "when the match kicks off", "the gas bill's due": what will be, as a clause; "weekday mornings"; "i need reminding"; a question given up.
    expect((await spawned("hey google alert me at nine when the match kicks off")).task).toBe("remind me that the match kicks off at 9am");
    expect((await spawned("ok google weekday mornings at seven fifteen remind me to take my vitamin d")).task).toBe("remind me to take my vitamin d at 7:15am every weekday morning");
    expect((await spawned("on the first of next month i need reminding to renew my car tax")).task).toBe("remind me to renew my car tax on the 1st of next month");
    expect((await spawned("now then how do i erm remind me on tuesday at ten o'clock to ring the chiropodist")).task).toBe("remind me to ring the chiropodist on tuesday at 10am");
    expect((await spawned("give us a shout at quarter to three so i can go and fetch the kids")).task).toBe("remind me to go and fetch the kids at 2:45pm");
    // Said the British way ("a week on friday", "wednesday week"), in Pidgin ("abeg … make i buy"), after "so i don't forget"; "it" the thing told before.
    expect((await spawned("can you remind me a week on friday that the car tax is due")).task).toBe("remind me that the car tax is due friday next week");
    expect((await spawned("remind me wednesday week to get the tickets cos that's when they go on sale")).task).toBe("remind me to get the tickets wednesday next week");
    expect((await spawned("abeg remind me by four make i buy recharge card")).task).toBe("remind me to buy recharge card by 4pm");
    expect((await spawned("so i don't forget remind me sometime this weekend to defrost the freezer")).task).toBe("remind me to defrost the freezer this weekend");
    expect((await spawned("my passport expires in june so give us a reminder in march to get it renewed")).task).toBe("remind me to get my passport renewed in march");
    expect((await spawned("two days before mum and dad's anniversary remind me to order flowers")).task).toBe("remind me to order flowers 2 days before mum and dad's anniversary");
    expect((await spawned("next tuesday at noon i need a reminder to submit my timesheet")).task).toBe("remind me to submit my timesheet next tuesday at noon");
    // A clause tacked on ("it's in the fridge", "looks like it's going to rain", "but not bank holidays"); unless it is all that is said.
    expect((await spawned("remind me to put the lasagne in at seven it's in the fridge on the middle shelf")).task).toBe("remind me to put the lasagne in at 7pm");
    expect((await spawned("remind me in half an hour to take the clothes off the line looks like it's going to rain")).task).toBe("remind me to take the clothes off the line in half an hour");
    expect((await spawned("remind me to take the bins out every thursday night but not bank holidays")).task).toBe("remind me to take the bins out every thursday night");
    expect((await spawned("um put a reminder in for the twelfth of march it's my brother and his wife's anniversary")).task).toBe("remind me that it is my brother and his wife's anniversary on the 12th of march");
    // "at six this evening" is an hour ("this" is no plural after it); a day written short ("sat") is never said.
    expect((await spawned("remind me tomorrow that the plumber's coming at ten")).task).toBe("remind me that the plumber is coming tomorrow at 10am");
    expect((await spawned("ping me at three to get up and stretch my legs i've been sat here all day")).task).toMatch(/^remind me to get up and stretch my legs at 3(?:am|pm)$/);
    // Someone else to be reminded at a time: the user, to tell them then (with no time it is a message now: "says honestly …").
    expect((await spawned("remind the kids to do their homework at five")).task).toBe("remind me to tell the kids to do their homework at 5pm");
    expect((await spawned("please remind my wife at six that she's got choir tonight")).task).toBe("remind me to tell my wife that she's got choir at 6pm tonight");
    expect((await spawned("remind to at eight pm to take my medicine")).task).toBe("remind me to take my medicine at 8pm");
    // "can i have …" is the request itself, not a clause glued on.
    expect(reminderOf("can i have a reminder set up")).toEqual({ type: "reminder", about: false, alarm: false });
  });

  it("gives the reminder agent a time it reads and a text that passes the project's check", async () => {
    const nlp = await loadNlp();
    const now = new Date(T0);
    for (const said of ["remind me about the plumber tomorrow at six", "wake me at half seven on friday", "notify me about the dentist on monday at nine", "alexa remind me to take the bins out tonight at eight"]) {
      const { task } = await spawned(said);
      const alarm = planReminder(task, now);
      expect(alarm, task).toBeDefined();
      const subject = alarm!.message.replace(/^Reminder: /, "");
      const question = `Want me to remind you ${task.startsWith("remind me to") ? "to" : "about"} ${secondPerson(subject)}?`;
      expect(questionProblems(nlp, question), question).toEqual([]);
    }
    expect(planReminder((await spawned("remind me about the plumber tomorrow at six")).task, now)?.due.getHours()).toBe(18);
  });
});

describe("repeating reminders", () => {
  it("keeps the repetition in the task, in plain words the agent reads, with a text that passes the project's check", async () => {
    const nlp = await loadNlp();
    const now = new Date(T0); // a monday, 09:00 UTC
    const cases: [string, string, string][] = [
      ["remind me to take my pills every day at eight", "remind me to take my pills at 8am every day", "every day at 8am"],
      ["every friday remind me to go to the store", "remind me to go to the store every friday", "every friday at 12pm"],
      ["set a reminder i need to wake up at five am every morning", "remind me to wake up at 5am every morning", "every day at 5am"],
      ["put the standup on my calendar daily at ten", "remind me about the standup at 10am every day", "every day at 10am"],
      ["the fifteenth of every month remind me to pay the internet bill", "remind me to pay the internet bill every month on the 15th", "every month on the 15th at 12pm"],
      ["remind me to check the post on weekdays at seven am", "remind me to check the post at 7am every weekday", "every weekday at 7am"],
      ["remind me to call grandma each sunday at five pm", "remind me to call grandma at 5pm every sunday", "every sunday at 5pm"],
      ["set a daily reminder at nine pm to lock the door", "remind me to lock the door at 9pm every day", "every day at 9pm"],
    ];
    for (const [said, task, rule] of cases) {
      const spawn = await spawned(said);
      expect(spawn.task, said).toBe(task);
      const alarm = planReminder(spawn.task, now);
      expect(alarm?.every && everyText(alarm.every), task).toBe(rule);
      const subject = alarm!.message.replace(/^Reminder: /, "");
      const question = `Want me to remind you ${task.startsWith("remind me to") ? "to" : "about"} ${secondPerson(subject)}?`;
      expect(questionProblems(nlp, question), question).toEqual([]);
    }
  });

  it("keeps an interval in the task: every few minutes or hours from now, every other day or every second week at its time", async () => {
    // A monday, 09:00 on this machine's clock: the times of day below are its local times, wherever the tests run.
    const now = new Date(2026, 0, 5, 9, 0);
    const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
    const cases: [string, string, string, Date][] = [
      ["remind me to drink some water every hour", "remind me to drink some water every hour", "every hour", later(60)],
      ["every twenty minutes remind me to look away from the screen", "remind me to look away from the screen every 20 minutes", "every 20 minutes", later(20)],
      ["remind me to water the tomatoes every other day at seven am", "remind me to water the tomatoes at 7am every 2 days", "every 2 days at 7am", new Date(2026, 0, 6, 7, 0)],
      ["every two weeks on thursday remind me to put the glass out", "remind me to put the glass out every 2 weeks on thursday", "every 2 weeks on thursday at 12pm", new Date(2026, 0, 8, 12, 0)],
      ["remind me to take my antibiotics every twelve hours", "remind me to take my antibiotics every 12 hours", "every 12 hours", later(12 * 60)],
      ["remind me to ring my sister every second sunday at six pm", "remind me to ring my sister at 6pm every 2 weeks on sunday", "every 2 weeks on sunday at 6pm", new Date(2026, 0, 11, 18, 0)],
    ];
    for (const [said, task, rule, first] of cases) {
      const spawn = await spawned(said);
      expect(spawn.task, said).toBe(task);
      const alarm = planReminder(spawn.task, now);
      expect(alarm?.every && everyText(alarm.every), task).toBe(rule);
      expect(alarm!.due.toISOString(), task).toBe(first.toISOString());
    }
  });

  it("hears something to do said with how often and no 'remind me' as a repeating reminder, unless an agent does it", async () => {
    const cases: [string, string][] = [
      ["every three weeks on saturday change the bed sheets", "remind me to change the bed sheets every 3 weeks on saturday"],
      ["feed the fish every twelve hours", "remind me to feed the fish every 12 hours"],
      ["every evening at nine take the dog out", "remind me to take the dog out at 9pm every evening"],
    ];
    for (const [said, task] of cases) expect((await spawned(said)).task, said).toBe(task);
    // Not a request: what the user does every day.
    expect((await room().hear("every day i go to work at eight", T0)).type).not.toBe("spawn");
  });

  it("an interval with an end stays one reminder", async () => {
    for (const said of ["remind me to check the oven every ten minutes for an hour", "remind me to stretch every hour until five pm"]) {
      const alarm = planReminder((await spawned(said)).task, new Date(T0));
      expect(alarm?.every, said).toBeUndefined();
    }
  });

  it("says how a pending reminder repeats when asked what reminders there are", async () => {
    const r = room();
    r.agent("reminder-0123456789ab", "start", "remind me to take my pills every day at 8", T0);
    const armed = armedLine({ kind: "reminder", due: new Date(T0 + 3_600_000), message: "Reminder: take my pills", every: { unit: "day", hour: 8, minute: 0 } }, "parked: the Keeper's scheduler delivers it");
    r.world.apply({ kind: "agent", ts: new Date(T0).toISOString(), status: "active", id: "reminder-0123456789ab", output: armed } as Entry);
    const listed = await r.hear("what reminders do i have", T0 + 60_000);
    expect(listed.type === "say" && listed.text).toBe('1 reminder set: "remind me to take my pills every day at 8" (due 2026-01-05T10:00:00.000Z, repeats every day at 8am)');
  });

  it("answers for the days asked about: the reminders due then, and the calendar's next meeting when it falls then", async () => {
    const r = room();
    const park = (id: string, task: string, due: number) => {
      r.agent(id, "start", task, T0);
      const armed = armedLine({ kind: "reminder", due: new Date(due), message: `Reminder: ${task}` }, "parked: the Keeper's scheduler delivers it");
      r.world.apply({ kind: "agent", ts: new Date(T0).toISOString(), status: "active", id, output: armed } as Entry);
    };
    const DAY = 86_400_000;
    park("reminder-aaaaaaaaaaaa", "remind me to wake up at 7am tomorrow", T0 + DAY - 2 * 3_600_000);
    park("reminder-bbbbbbbbbbbb", "remind me about the vet on saturday at 10am", T0 + 5 * DAY + 3_600_000);
    const ask = answers(r);
    // T0 is Monday 5 January, 09:00 UTC.
    expect(await ask("did i set an alarm for tomorrow", T0)).toBe('1 reminder set for tomorrow: "remind me to wake up at 7am tomorrow" (due 2026-01-06T07:00:00.000Z)');
    expect(await ask("have i got any reminders on wednesday", T0)).toBe("you have no reminders set for wednesday (2 others set)");
    r.world.nextMeeting = { title: "Standup", start: new Date(T0 + 3_600_000) };
    expect(await ask("what's on my calendar this weekend", T0)).toBe(
      '1 reminder set for this weekend: "remind me about the vet on saturday at 10am" (due 2026-01-10T10:00:00.000Z) (of the calendar the Spirit reads only the next meeting within a day)',
    );
    expect(await ask("what have i got on today", T0)).toBe('you have no reminders set for today (2 others set); your meeting "Standup" at 2026-01-05T10:00:00.000Z (of the calendar the Spirit reads only the next meeting within a day)');
  });

  it("says an interval the same way", async () => {
    const r = room();
    r.agent("reminder-0123456789ac", "start", "remind me to drink water every 2 hours", T0);
    const armed = armedLine({ kind: "reminder", due: new Date(T0 + 7_200_000), message: "Reminder: drink water", every: { unit: "hour", interval: 2, hour: 0, minute: 0 } }, "parked: the Keeper's scheduler delivers it");
    r.world.apply({ kind: "agent", ts: new Date(T0).toISOString(), status: "active", id: "reminder-0123456789ac", output: armed } as Entry);
    const listed = await r.hear("what reminders do i have", T0 + 60_000);
    expect(listed.type === "say" && listed.text).toBe('1 reminder set: "remind me to drink water every 2 hours" (due 2026-01-05T11:00:00.000Z, repeats every 2 hours)');
  });

  it("a name with 'daily' in it, or a repetition with an end, is one reminder as before", async () => {
    expect((await spawned("remind me about the daily report at five pm")).task).toBe("remind me about the daily report at 5pm");
    expect((await spawned("add lunch meetings at noon every day this week")).task).not.toMatch(/every day$/);
  });
});

describe("managing, asking, and what no agent can do", () => {
  it("reads cancel, move and snooze as decisions of their own, never a new reminder", async () => {
    const r = room();
    const cancel = await r.hear("cancel my alarm", T0);
    expect(cancel).toMatchObject({ type: "manage", request: { verb: "cancel", target: "my alarm" } });
    expect(await r.hear("delete the reminder about the tickets", T0 + 1000)).toMatchObject({ type: "manage", request: { verb: "cancel", target: "the reminder about the tickets" } });
    expect(await r.hear("push it to 8", T0 + 2000)).toMatchObject({ type: "manage", request: { verb: "move", target: "it" } });
    expect(await r.hear("snooze that", T0 + 3000)).toMatchObject({ type: "manage", request: { verb: "snooze" } });
    expect(readCommand("remove pepper from my grocery list")).toMatchObject({ type: "task", capability: "edit your lists" });
    // Something on the calendar named by what it is or by its time, moved or cancelled; said first, then "it".
    expect(readCommand("push my physio back half an hour")).toMatchObject({ type: "manage", request: { verb: "snooze", target: "my physio" } });
    expect(readCommand("reschedule drinks with tom to friday")).toMatchObject({ type: "manage", request: { verb: "move", target: "drinks with tom", to: "friday" } });
    expect(readCommand("move my two o'clock to three")).toMatchObject({ type: "manage", request: { verb: "move", target: "my two o'clock", to: "3" } });
    expect(readCommand("the dentist on monday cancel it")).toMatchObject({ type: "manage", request: { verb: "cancel", target: "the dentist on monday" } });
    expect(readCommand("make my alarm five minutes later")).toMatchObject({ type: "manage", request: { verb: "snooze", target: "my alarm", to: "5 minutes" } });
    expect(readCommand("the kids are up so you can turn off the alarm")).toMatchObject({ type: "manage", request: { verb: "cancel", target: "the alarm" } });
    expect(readCommand("my review on friday got moved to four so can you update it")).toMatchObject({ type: "manage", request: { verb: "move", target: "my review on friday", to: "at 4pm" } });
    expect(readCommand("switch the alarm off it's driving me mad")).toMatchObject({ type: "manage", request: { verb: "cancel", target: "the alarm" } });
    expect(readCommand("put an extra two minutes on the timer")).toMatchObject({ type: "manage", request: { verb: "snooze", target: "the timer", to: "2 minutes" } });
    expect(readCommand("tick the bins reminder off as done")).toMatchObject({ type: "manage", request: { verb: "cancel", target: "the bins reminder" } });
    // Letting go of what one was saying is no cancel; a new alarm "an hour later" is no move.
    expect(readCommand("oh forget it")).toBeUndefined();
    expect(readCommand("set an alarm for six and another an hour later")).not.toMatchObject({ type: "manage" });
    // The particle after what is cancelled, off a calendar.
    expect(await r.hear("take the gym session off my calendar", T0 + 4000)).toMatchObject({ type: "manage", request: { verb: "cancel", target: "the gym session from my calendar" } });
  });

  it("reads a time just set, corrected, as a move of the one just set, never a new reminder", () => {
    expect(readCommand("sorry i meant four not five move the reminder")).toMatchObject({ type: "manage", request: { verb: "move", target: "it", to: "4" } });
    expect(readCommand("no change the alarm to seven not eleven")).toMatchObject({ type: "manage", request: { verb: "move", target: "that alarm", to: "7" } });
    expect(readCommand("actually make that timer fifteen minutes not ten")).toMatchObject({ type: "manage", request: { verb: "move", target: "that timer", to: "in 15 minutes" } });
    expect(readCommand("i said tuesday not wednesday")).toMatchObject({ type: "manage", request: { verb: "move", target: "it", to: "tuesday" } });
    // What is corrected must be a time: "blue not red", "the living room lights not the kitchen" are no move.
    expect(readCommand("no blue not red")).toBeUndefined();
    expect(readCommand("no i said the living room lights not the kitchen")).not.toMatchObject({ type: "manage" });
    // "it" after "so" is the alarm named before it.
    expect(readCommand("i won't need the alarm tomorrow so turn it off")).toMatchObject({ type: "manage", request: { verb: "cancel", target: "the alarm" } });
  });

  it("a meeting told as past, with its day and hour, sets nothing", async () => {
    const r = room();
    const heard = await r.hear("Last Tuesday at three I had a meeting with the marketing team, and it went on until seven!", T0);
    expect(heard, JSON.stringify(heard)).toMatchObject({ type: "quiet" });
    expect(await r.hear("yesterday at noon we had lunch with the new client", T0 + 60_000)).toMatchObject({ type: "quiet" });
  });

  it("finds which reminder the words mean among those at work, or asks which one", async () => {
    const r = room();
    const line = async (said: string, now: number) => {
      const a = await r.hear(said, now);
      if (a.type !== "manage") throw new Error(`expected a management decision for ${said}, received ${a.type}`);
      return manageLine(a.request, a.atWork);
    };
    expect(await line("cancel my alarm", T0)).toBe('manage: cancel "my alarm": nothing to cancel, no reminder or timer is set');
    expect(await line("turn the alarm off", T0)).toBe('manage: cancel "the alarm": nothing to cancel, no reminder or timer is set');
    expect(await line("cancel my four thirty call", T0)).toBe('manage: cancel "my four thirty call": nothing to cancel, no session is open');
    r.agent("reminder-aaaaaaaaaaaa", "start", "remind me about the jazz tickets at 6pm", T0);
    r.agent("reminder-bbbbbbbbbbbb", "start", "remind me to call mom at 5pm", T0);
    expect(await line("cancel the reminder about the jazz tickets", T0 + 1000)).toBe(
      'manage: cancel reminder-aaaaaaaaaaaa "remind me about the jazz tickets at 6pm"',
    );
    expect(await line("delete my reminder", T0 + 2000)).toBe(
      'manage: cancel "my reminder": which one? reminder-aaaaaaaaaaaa "remind me about the jazz tickets at 6pm"; reminder-bbbbbbbbbbbb "remind me to call mom at 5pm"',
    );
    expect(await line("push it to 8", T0 + 3000)).toBe('manage: move reminder-bbbbbbbbbbbb "remind me to call mom at 5pm" to "8"');
    expect(await line("snooze it for ten minutes", T0 + 4000)).toBe('manage: snooze reminder-bbbbbbbbbbbb "remind me to call mom at 5pm" to "10 minutes"');
    expect(await line("cancel all my reminders", T0 + 5000)).toBe(
      'manage: cancel reminder-aaaaaaaaaaaa "remind me about the jazz tickets at 6pm"; reminder-bbbbbbbbbbbb "remind me to call mom at 5pm"',
    );
  });

  it("starts an alarm, a timer or a reminder said without a time like one with it: its agent asks when", async () => {
    for (const said of ["set an alarm", "please set my alarm", "alarm", "start alarm"]) {
      expect(await spawned(said), said).toEqual({ agentKind: "reminder", task: "remind me about the alarm" });
    }
    for (const said of ["set a timer", "timer"]) expect(await spawned(said), said).toEqual({ agentKind: "timer", task: "set a timer" });
    expect(await spawned("remind me to water the plants")).toEqual({ agentKind: "reminder", task: "remind me to water the plants" });
    // Neither a time nor words asking for one: a model's guess at a timer is not started.
    const r = room();
    expect(await r.hear("set time zone", T0)).toMatchObject({ type: "quiet" });
  });

  it("closes a session of any kind by voice when the words mean exactly one, and asks which otherwise", async () => {
    const r = room();
    const line = async (said: string, now: number) => {
      const a = await r.hear(said, now);
      if (a.type !== "manage") throw new Error(`expected a management decision for ${said}, received ${a.type}`);
      return actionLine(a, { speaker: "me", text: said } as Parameters<typeof actionLine>[1]).output.replace(/ \(heard .*$/, "");
    };
    expect(await line("stop that agent", T0)).toBe('manage: cancel "that agent": nothing to cancel, no session is open');
    r.agent("open-page-aaaaaaaaaaaa", "start", "open a search for flights to lisbon", T0);
    r.agent("general-bbbbbbbbbbbb", "start", "summarise the quarterly report", T0);
    r.agent("reminder-cccccccccccc", "start", "remind me to call mom at 5pm", T0);
    expect(await line("cancel the flight search", T0 + 1000)).toBe('manage: cancel open-page-aaaaaaaaaaaa "open a search for flights to lisbon"');
    expect(await line("cancel the hotel search", T0 + 1000)).toMatch(/^manage: cancel "the hotel search": none of the 3 open matches; which one\? /);
    expect(await line("stop that agent", T0 + 2000)).toMatch(/^manage: cancel "that agent": which one\? open-page-aaaaaaaaaaaa .*general-bbbbbbbbbbbb .*reminder-cccccccccccc /);
    // A reminder's words still mean the reminder, "it" the latest one set.
    expect(await line("cancel it", T0 + 3000)).toBe('manage: cancel reminder-cccccccccccc "remind me to call mom at 5pm"');
    expect(readCommand("close the window")).toBeUndefined();
    expect(readCommand("delete my search history")).toBeUndefined();
  });

  it("answers questions about the world in one line, from what the log says", async () => {
    const r = room();
    expect(await r.hear("what reminders do i have", T0)).toMatchObject({ type: "say", kind: "answer", text: "you have no reminders set" });
    r.agent("reminder-0123456789ab", "start", "remind me to call mom at 5pm", T0);
    const listed = await r.hear("what reminders do i have", T0 + 60_000);
    expect(listed).toMatchObject({ type: "say", kind: "answer" });
    expect(listed.type === "say" && listed.text).toBe('1 reminder set: "remind me to call mom at 5pm"');
    expect(await r.hear("what's on my calendar today", T0 + 120_000)).toMatchObject({ type: "say", kind: "answer" });
    r.world.nextMeeting = { title: "Budget review", start: new Date(T0 + 45 * 60_000) };
    const next = await r.hear("when is my next meeting", T0);
    expect(next.type === "say" && next.text).toBe('your next meeting is "Budget review" at 2026-01-05T09:45:00.000Z (in 45 min)');
  });

  it("answers what day a date or a holiday is, how far off it is, and the time in a city, from the clock", async () => {
    const ask = answers(room());
    // T0 is Monday 5 January 2026, 09:00 UTC.
    expect(await ask("what's the date next friday", T0)).toMatch(/^next friday is Friday 1[0-9] January$/);
    expect(await ask("what day of the week is the fourteenth", T0)).toBe("the 14th is Wednesday 14 January");
    expect(await ask("how many days until christmas", T0)).toBe("christmas is in 354 days (50 weeks and 4 days), Friday 25 December");
    expect(await ask("how long till friday", T0)).toBe("friday is in 4 days, Friday 9 January");
    expect(await ask("when is easter", T0)).toBe("easter is Sunday 5 April");
    expect(await ask("what day was yesterday", T0)).toBe("yesterday was Sunday 4 January");
    expect(await ask("what day is it tomorrow", T0)).toBe("tomorrow is Tuesday 6 January");
    expect(await ask("what time is it in tokyo", T0)).toBe("it's 6:00 pm in Tokyo");
    expect(await ask("what time is it in narnia", T0)).toMatch(/^I don't know which time zone "narnia" is in/);
    // A day no clock names is the calendar's, or nothing the clock can answer.
    expect(readCommand("when is my dentist appointment")).toMatchObject({ type: "query", topic: "calendar" });
    expect(readCommand("how many days until my birthday")).toBeUndefined();
  });

  it("answers how a named task is going, and what is running, as people ask it", async () => {
    const r = room();
    const say = answers(r);
    expect(await say("is the flight search done", T0)).toBe("I know of no task about flight search (none open, none done since I started)");
    r.agent("open-page-aaaaaaaaaaaa", "start", "open a search for flights to lisbon", T0);
    expect(await say("how is the flight search going", T0 + 5 * 60_000)).toBe('"open a search for flights to lisbon" is still at work (start 5 min ago)');
    r.agent("open-page-aaaaaaaaaaaa", "finish", "opened https://duckduckgo.com/?q=flights+to+lisbon", T0 + 6 * 60_000);
    expect(await say("any news on the flight search", T0 + 7 * 60_000)).toBe('"open a search for flights to lisbon" has finished and is being checked');
    r.agent("open-page-aaaaaaaaaaaa", "verified", "the page was opened", T0 + 8 * 60_000);
    expect(await say("did the flight search finish", T0 + 9 * 60_000)).toBe('"open a search for flights to lisbon" is done and checked (1 min ago)');
    for (const said of ["what's running", "is anything running", "what are you doing", "any updates"]) expect(await say(said, T0 + 10 * 60_000), said).toBe("no agents are at work");
    expect(await say("did anything fail", T0 + 10 * 60_000)).toBe("nothing has failed");
    // A game, a class: not the assistant's tasks.
    expect(readCommand("is the game over")).toBeUndefined();
    expect(readCommand("did the exam go well")).toBeUndefined();
  });

  it("says what it does, that it is listening, and that nothing was asked yet", async () => {
    const say = answers(room());
    for (const said of ["what can you do", "how can you help me", "what are you capable of"]) expect(await say(said, T0), said).toMatch(/^I set reminders, alarms and timers, and cancel, move or snooze them; .* ask before anything that matters$/);
    for (const said of ["are you there", "can you hear me", "hey are you listening"]) expect(await say(said, T0), said).toBe("yes, I'm listening");
    expect(await say("what did i ask you to do today", T0)).toBe("you have asked me nothing since I started");
    expect(await say("did you remind me about the dentist", T0)).toBe("I know of no task about the dentist (none open, none done since I started)");
    expect(await say("how much time is left", T0)).toBe("you have no timers set");
    // The clock and the calendar here, in this machine's time zone (the expected words made the same way).
    const at = new Date(T0);
    expect(await say("what time is it", T0)).toBe(`it's ${at.toLocaleTimeString("en-GB", { hour: "numeric", minute: "2-digit", hour12: true })} (${at.toLocaleDateString("en-GB", { weekday: "long", day: "numeric", month: "long" })})`);
    for (const said of ["what's the date today", "what day is it"]) expect(await say(said, T0), said).toBe(`today is ${at.toLocaleDateString("en-GB", { weekday: "long", day: "numeric", month: "long", year: "numeric" })}`);
    // The time somewhere else is that place's clock (the next test).
    expect(readCommand("what time is it in tokyo")).toMatchObject({ type: "query", topic: "time", about: "tokyo" });
    // A request for help with something is not a question about the assistant.
    expect(readCommand("help me with my homework")).toBeUndefined();
  });

  it("answers what waits for the user and how the whole world stands, as people ask it", async () => {
    const r = room();
    const say = answers(r);
    for (const said of ["do you need anything from me", "are you waiting on me", "is anything stuck"]) expect(await say(said, T0), said).toBe("nothing waits for you");
    for (const said of ["did you set the reminder", "what did i ask you to remind me about"]) expect(await say(said, T0), said).toBe("you have no reminders set");
    for (const said of ["status report", "catch me up", "what did you get done today", "what happened while i was out"]) {
      expect(await say(said, T0), said).toBe("nothing is at work; nothing waits for you; nothing done since I started");
    }
    r.agent("research-aaaaaaaaaaaa", "start", "compare three laptops under 1000 euros", T0);
    r.agent("backup-bbbbbbbbbbbb", "start", "back up the photos to the nas", T0);
    r.world.apply({ kind: "agent", ts: new Date(T0 + 60_000).toISOString(), status: "failed", id: "backup-bbbbbbbbbbbb", output: "the nas did not answer", need: "the nas's address" } as Entry);
    r.agent("page-cccccccccccc", "start", "open the train times to leeds", T0);
    r.agent("page-cccccccccccc", "verified", "opened", T0 + 2 * 60_000);
    expect(await say("what do you need from me", T0 + 3 * 60_000)).toBe('1 task waits for your answer (world respond): backup-bbbbbbbbbbbb "back up the photos to the nas" (needs the nas\'s address)');
    expect(await say("give me a quick update", T0 + 3 * 60_000)).toBe(
      '1 agent at work ("compare three laptops under 1000 euros"); 1 task waits for your answer: backup-bbbbbbbbbbbb "back up the photos to the nas" (needs the nas\'s address); 1 done since I started, the latest "open the train times to leeds" (1 min ago)',
    );
    expect(await say("why did the backup fail", T0 + 3 * 60_000)).toBe('"back up the photos to the nas" failed and waits for you: it needs the nas\'s address');
    // What the user asked for lately, newest first; a task's state by the words of the question.
    expect(await say("what did i just ask you to do", T0 + 3 * 60_000)).toBe(
      'the latest: "open the train times to leeds" is done and checked (1 min ago); "back up the photos to the nas" failed and waits for you: it needs the nas\'s address (2 min ago); "compare three laptops under 1000 euros" is still at work (start 3 min ago)',
    );
    expect(await say("are you still working on the laptops", T0 + 3 * 60_000)).toBe('"compare three laptops under 1000 euros" is still at work (start 3 min ago)');
    expect(await say("any results yet", T0 + 3 * 60_000)).toMatch(/^1 agent at work/);
    // Asked of a person, about a person: not the assistant's world.
    expect(readCommand("how is your mother doing")).toBeUndefined();
    expect(readCommand("do you need a break")).toBeUndefined();
  });

  it("hears a reminder unwanted or pushed back as managing it, never as a new one", () => {
    expect(readCommand("never mind the reminder")).toMatchObject({ type: "manage", request: { verb: "cancel", target: "the reminder" } });
    expect(readCommand("actually forget about the plumber reminder")).toMatchObject({ type: "manage", request: { verb: "cancel", target: "the plumber reminder" } });
    expect(readCommand("don't remind me about the plumber")).toMatchObject({ type: "manage", request: { verb: "cancel" } });
    expect(readCommand("push the pills reminder back an hour")).toMatchObject({ type: "manage", request: { verb: "snooze", target: "the pills reminder", to: "an hour" } });
    expect(readCommand("delay my alarm by ten minutes")).toMatchObject({ type: "manage", request: { verb: "snooze", target: "my alarm", to: "10 minutes" } });
    expect(readCommand("i don't need the 7:30 alarm any more")).toMatchObject({ type: "manage", request: { verb: "cancel", target: "the 7:30 alarm" } });
    expect(readCommand("ten more minutes please")).toMatchObject({ type: "manage", request: { verb: "snooze", target: "", to: "10 minutes" } });
    expect(readCommand("another two minutes")).toMatchObject({ type: "manage", request: { verb: "snooze", to: "2 minutes" } });
    expect(readCommand("never mind")).toBeUndefined();
    expect(readCommand("do i have anything on tomorrow")).toMatchObject({ type: "query", topic: "calendar" });
    expect(readCommand("do i have anything on my to do list")).toBeUndefined();
  });

  it("says honestly what it cannot do, never silence", async () => {
    await saysCannot([
      ["turn off the lights", "I can't control the lights yet"],
      ["play jazz", "I can't play music yet"],
      ["send an email to my landlord", "I can't send email yet"],
      ["take milk off the shopping list", "I can't edit your lists yet"],
      ["increase volume", "I can't change the volume yet"],
      ["make it warmer", "I can't control the heating yet"],
      ["set the thermostat to 20 degrees", "I can't control the heating yet"],
      ["switch to german", "I can't change the language yet"],
      // A message passed on, to a person or a company; a greeting first changes nothing.
      ["tell grandad we will be there by six", "I can't make calls or send messages yet"],
      ["tell the kids their dinner's ready", "I can't make calls or send messages yet"],
      ["put peppa pig on the telly for the kids", "I can't play videos yet"],
      ["let the landlord know the boiler is broken again", "I can't make calls or send messages yet"],
      ["hey um start the playlist from the wedding", "I can't play music yet"],
      // Someone else to be reminded is a message to them, not the user's reminder.
      ["remind dave to bring the ladder back", "I can't make calls or send messages yet"],
      ["remind the kids about their swimming kit", "I can't make calls or send messages yet"],
      ["shut the blinds", "I can't control devices at home yet"],
      ["lock the front door", "I can't control devices at home yet"],
      ["navigate to the nearest petrol station", "I can't give directions yet"],
      ["would you mind reading me my last text", "I can't read your messages yet"],
      ["find a recipe for banana bread and send it to my email", "I can't look things up and send them yet"],
      ["preheat the oven to one eighty", "I can't switch devices on or off yet"],
      ["share my shopping list with my husband", "I can't edit your lists yet"],
      ["pause the timer a sec", "I can't pause or resume timers yet"],
      ["book the big meeting room for the two o'clock", "I can't make reservations yet"],
      ["book a grab to the mall", "I can't book a taxi yet"],
      ["carry on with the timer", "I can't pause or resume timers yet"],
      ["put the latest episode of that true crime podcast on", "I can't play podcasts yet"],
      ["book me in for a haircut at the usual place saturday morning", "I can't make reservations yet"],
      ["chuck the air con on in the lounge it's boiling", "I can't control the heating yet"],
      ["hey siri read me today's headlines", "I can't read the news yet"],
      ["put radio four on in the kitchen", "I can't play the radio yet"],
      ["translate where's the nearest train station into spanish", "I can't translate yet"],
      ["send a voice note to kemi saying happy birthday darling", "I can't make calls or send messages yet"],
      ["skip next monday's bin reminder we're away", "I can't skip one time of a repeating reminder yet"],
      ["find the nearest services with a costa and take us there", "I can't give directions yet"],
    ]);
    // "grab", "ride" are words before they are taxis; "did you hear …" is talk, not a question about the calendar.
    const r = room();
    for (const said of ["i'll remember to grab the bread on the way back don't worry", "did you hear what she said in the meeting", "my alarm didn't go off this morning", "that reminder came at the worst possible moment"]) expect(await r.hear(said, T0), said).toMatchObject({ type: "quiet" });
    // A plan of the user's own, told: asked about first, not set, and no "I can't manage your calendar".
    expect(await room().hear("we're meeting them at seven", T0)).toMatchObject({ type: "nudge", question: "Want me to remind you to meet them at seven?" });
    expect(await answers(r)("how do i set an alarm on you", T0)).toMatch(/^I set reminders/);
    // "start" of what is no music; "tell me" is asked of the assistant, not passed on.
    expect(readCommand("start of the second half")).toBeUndefined();
    expect(readCommand("tell me a story")).toBeUndefined();
  });

  it("hears a request said the many ways people say it: a complaint, a wish, a question meant as a request, an assistant's wake word", async () => {
    await saysCannot([
      ["it's much too bright in the kitchen", "I can't control the lights yet"],
      ["bring the lighting down a notch", "I can't control the lights yet"],
      ["turn the bedroom purple", "I can't control the lights yet"],
      ["could the hall lamps go a bit dimmer", "I can't control the lights yet"],
      ["hey siri dim the lamp", "I can't control the lights yet"],
      ["talk a bit softer", "I can't change the volume yet"],
      ["i can't hear a thing", "I can't change the volume yet"],
      ["could i have a flat white coffee", "I can't make coffee yet"],
      ["i'd love a mug of coffee", "I can't make coffee yet"],
      ["answer the email from the bank", "I can't send email yet"],
      ["reply that i'm on my way", "I can't send email yet"],
      ["open my inbox", "I can't read your email yet"],
      ["order us a cab to the theatre", "I can't book a taxi yet"],
      ["fancy a round of sudoku", "I can't play games yet"],
      ["hoover the stairs", "I can't run the vacuum cleaner yet"],
      ["bathroom lamp on", "I can't control the lights yet"],
      ["pick another lighting scene", "I can't control the lights yet"],
      ["turn on night time mode", "I can't control the lights yet"],
      ["turn down the tv volume", "I can't change the volume yet"],
      ["stop the repeat", "I can't play music yet"],
      ["then play something by adele", "I can't play music yet"],
      ["open deezer", "I can't play music yet"],
      ["tune to the jazz station", "I can't play the radio yet"],
      ["rewind the podcast a bit", "I can't play podcasts yet"],
      ["write to anna@example dot com", "I can't send email yet"],
      ["my friend's band just put out an album can you share it on twitter", "I can't post on social media yet"],
      ["we're out of printer ink so order some more", "I can't shop for you yet"],
      ["get us a table for four at the thai place", "I can't make reservations yet"],
      ["send a quick message to the book group", "I can't make calls or send messages yet"],
      ["announce that the film is starting", "I can't make calls or send messages yet"],
      ["a touch quieter", "I can't change the volume yet"],
      ["skip to the next track", "I can't play music yet"],
      ["carry on with the podcast", "I can't play podcasts yet"],
      ["video call my brother", "I can't make calls or send messages yet"],
      ["we're almost out of coffee pods can you order some more", "I can't shop for you yet"],
      ["read me the next chapter of my book", "I can't play audiobooks yet"],
      ["skip forward thirty seconds", "I can't play music yet"],
      ["ugh it's roasting in here", "I can't control the heating yet"],
      ["crank the heating up", "I can't control the heating yet"],
      ["book me a massage for saturday morning", "I can't make reservations yet"],
      ["tick buy stamps off as done", "I can't edit your lists yet"],
      ["get me a bolt to the station", "I can't book a taxi yet"],
      ["turn the air con up", "I can't control the heating yet"],
      ["order a chicken burrito to go", "I can't order food yet"],
    ]);
  });

  it("talk about a thing is no request for it", async () => {
    const r = room();
    // Said to someone in the room by what they are to the speaker; "that" said before is not known here.
    expect(await r.hear("honey can you pass the salt", T0)).toMatchObject({ type: "quiet" });
    expect(readCommand("i want to be reminded to clean my desk")).not.toMatchObject({ type: "task" });
    expect(readCommand("what do i need to buy for the party")).toBeUndefined();
    for (const said of ["the uber we took was filthy", "the lighting in that restaurant was lovely", "their coffee is the best in town", "the game last night was a thriller", "that lamp looks old", "the doorbell is on mute", "my radio never worked"]) {
      expect(await r.hear(said, T0), said).toMatchObject({ type: "quiet" });
    }
  });

  it("offers a reminder for a request only at the time the user said, never at one it made up", async () => {
    const action = await room().hear("could you get me a taxi for nine", T0);
    expect(action).toMatchObject({ type: "say", kind: "can't", text: "I can't book a taxi yet" });
  });

  it("confirms a request still at work, and takes the same words anew once it is done", async () => {
    const r = room();
    const first = await r.hear("set a timer for 30 seconds", T0);
    expect(first.type).toBe("spawn");
    const id = first.type === "spawn" ? first.id : "";
    r.agent(id, "start", "set a timer for 30 seconds", T0 + 1000);
    expect(await r.hear("set a timer for 30 seconds", T0 + 10_000)).toMatchObject({ type: "say", kind: "already", text: `your 30 seconds timer is already running (${id})` });
    r.agent(id, "finish", "Timer done: 30 seconds", T0 + 31_000);
    const again = await r.hear("set a timer for 30 seconds", T0 + 60_000);
    expect(again).toMatchObject({ type: "spawn", agentKind: "timer", task: "set a timer for 30 seconds" });
    expect(again.type === "spawn" && again.id).not.toBe(id);
  });
});
