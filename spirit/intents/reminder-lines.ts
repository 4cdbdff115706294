// Training lines the CLINC-derived file does not have: requests to be
// reminded (it holds none) and hard negatives around them (reading reminders
// back, talking about remembering). Each line is a template filled with an
// activity, a topic and a time, drawn with a fixed seed, so the set is the
// same on every run. Written for this project: none of the wording comes from
// the dev or test files; the phrase FAMILIES (ask to be reminded, not to
// forget, to be told later, to be pinged...) are what the model must learn.

import { type Random, pick, seeded } from "../../tools/random.js";

export interface Line {
  text: string;
  label: "reminder" | "task" | "quiet";
  kind: string;
}

const ACTIVITIES = [
  "call mom", "call my sister", "phone the vet", "ring grandpa", "pick up the kids", "pick up jenna from practice", "get the kids from school",
  "take my pills", "take my vitamins", "water the plants", "feed the cat", "walk the dog", "pay the rent", "pay the water bill", "buy milk",
  "grab some bread", "email the landlord", "send the invoice to carl", "return the library books", "check the oven", "move the car",
  "book a dentist appointment", "renew my passport", "pick up the dry cleaning", "charge my phone", "take out the trash", "put the bins out",
  "stretch", "drink some water", "call the plumber", "text sarah happy birthday", "bring an umbrella", "lock the back door", "get the mail",
  "start dinner", "submit my timesheet", "thaw the chicken", "change the furnace filter", "order more coffee", "wish dad a happy birthday",
  "check on the laundry", "leave for the airport", "stand up and walk around", "reply to mike", "sign the permission slip", "pack my gym bag",
  "cancel the free trial", "get gas", "go to bed", "wake up tom", "buy a birthday card for aunt rose", "schedule the oil change",
  "check my blood pressure", "look at the contract", "bring the cooler", "clean the fish tank", "pick up my prescription", "call the bank",
];

// Things the speaker is doing now, before asking for a reminder about what comes next.
const NOW = ["cooking pasta", "the laundry", "a load of dishes", "baking bread", "a long meeting", "the roast", "charging the car", "a movie"];

const TOPICS = [
  "the dentist", "my doctor's appointment", "the meeting with dave", "mom's birthday", "the car payment", "trash day", "the parent teacher conference",
  "the concert tickets", "my flight", "the electric bill", "the team lunch", "the package at the post office", "my haircut", "the school play",
  "our anniversary", "the yoga class", "the recycling", "my sister's recital", "the rent", "the vet visit", "the book club", "the oil change",
];

const TIMES = [
  "", "", "", "at 5", "at 6 pm", "at noon", "tomorrow", "tomorrow morning", "tonight", "in an hour", "in twenty minutes", "later", "later today",
  "this evening", "on friday", "next monday", "when i get home", "every morning", "at 7:30 am", "on the 15th", "after lunch", "in 2 hours",
  "this afternoon", "next week", "before i leave work", "at 8 tomorrow", "on sunday night", "in 45 minutes", "every day at 9", "at half past four",
];

// {a} activity, {o} topic, {t} time (may be empty), {T} a time that is never empty.
const REMINDERS = [
  "remind me to {a} {t}", "{T} remind me to {a}", "remind me {T} to {a}", "can you remind me to {a} {t}", "could you please remind me to {a} {t}",
  "please remind me to {a}", "remind me about {o} {t}", "remind me of {o} {T}", "set a reminder to {a} {t}", "set a reminder for {T} to {a}",
  "create a reminder to {a}", "make a reminder for {o}", "add a reminder to {a} {t}", "i need a reminder to {a} {t}", "i want a reminder about {o}",
  "new reminder {a} {t}", "reminder to {a} {t}", "don't let me forget to {a} {t}", "do not let me forget about {o}", "i don't want to forget to {a}",
  "i do not want to forget {o} {t}", "make sure i don't forget to {a} {t}", "make sure i remember to {a}", "help me remember to {a} {t}",
  "help me to remember {o}", "i need to remember to {a} {t}", "tell me later to {a}", "tell me to {a} {T}", "tell me {T} to {a}", "ping me {T} to {a}",
  "nudge me {T} about {o}", "alert me {T} to {a}", "give me a heads up {T} to {a}", "jog my memory about {o} {t}", "note to self {a} {t}",
  "put in a reminder to {a}", "schedule a reminder for {o} {t}", "i keep forgetting to {a} so remind me {t}", "remind us to {a} {t}",
  "hey remind me {t} to {a}", "would you remind me to {a}", "i'd like a reminder to {a} {t}", "please set up a reminder for {o}",
  "can i get a reminder to {a} {t}", "let me know {T} that i have to {a}", "i'll forget to {a} unless you remind me", "don't let me forget {o} {t}",
  "help me not forget to {a}", "i must not forget to {a} {t}", "can you make sure i remember {o}", "i always forget to {a} so please remind me",
  "ok remind me {t} about {o}", "a reminder to {a} {T} please", "get a reminder going for {o}", "set me a reminder to {a}", "remind myself to {a} {t}",
  "yeah remind me to {a} {t}", "could you ping me about {o} {T}", "can you tell me {T} to {a}", "make a note to {a} {t}", "so i don't forget, {a} {T}",
  // Passive and bare phrasings: being reminded, being notified, a reminder without a verb.
  "i need to be reminded to {a} {t}", "i want to be reminded about {o}", "i'd like to be reminded to {a} {T}", "i want to get reminded to {a}",
  "can i be reminded to {a} {t}", "i need to be reminded {T}", "i would like to be reminded", "i need to be notified to {a} {t}",
  "notify me {T} to {a}", "send me a reminder to {a} {t}", "can you set a reminder for {o}", "can i have a reminder {T}", "can i have a reminder set up for {o}",
  "reminder for {o} please", "please reminder for {o}", "set reminder {a} {t}", "set reminder to {a} {T}", "reminder set up for {o} {t}",
  "remind me of something {T}", "i want you to remind me about something {t}", "please remind me of {o}", "i'd like a reminder please",
  "get me a reminder for {o} {t}", "i want a reminder {T}", "can you remind me later", "have me reminded to {a} {t}", "keep me posted {T} to {a}",
  "i just started {a2} remind me to {a} {T}", "i'm about to {a2} so remind me to {a} {T}",
];

// Quiet lines that share the words: reading reminders back, and talk about remembering.
const QUIET = [
  "what are my reminders {t}", "read me my reminders", "play back my list of reminders", "can you read out my reminders for {T}", "show me my reminder list",
  "what reminders do i have {t}", "do i have any reminders about {o}", "did i set a reminder to {a}", "is there a reminder for {o}", "how many reminders do i have",
  "list my reminders for {T}", "go over my reminders", "please play my reminder list", "which reminders are set for {T}", "what was i supposed to do {t}",
  "i forgot to {a} yesterday", "i remembered to {a} this time", "he reminded me to {a}", "she always forgets to {a}", "my mom reminded me about {o}",
  "thanks for reminding me", "that reminds me of {o}", "you remind me of my brother", "do you remember {o}", "i can never remember {o}",
  "remember when we forgot {o}", "i totally forgot about {o}", "did you remember to {a}", "he never remembers to {a}",
  "we talked about {o} last week", "my reminder about {o} went off", "the reminder for {o} was useless", "why did you remind me about {o}",
  "i hate being reminded about {o}", "she told me to {a} but i forgot", "did anybody {a}", "they keep forgetting {o}", "i'm not going to forget {o}",
];

function fill(rnd: Random, template: string): string {
  const time = pick(rnd, TIMES);
  const always = pick(rnd, TIMES.filter((t) => t !== ""));
  return template
    .replace("{a}", pick(rnd, ACTIVITIES))
    .replace("{a2}", pick(rnd, NOW))
    .replace("{o}", pick(rnd, TOPICS))
    .replace("{t}", time)
    .replace("{T}", always)
    .replace(/\s+/g, " ")
    .trim();
}

/** The generated lines, deterministic: `perTemplate` draws per template, duplicates dropped. */
export function reminderLines(perTemplate = 14, seed = 20261124): Line[] {
  const rnd = seeded(seed);
  const out = new Map<string, Line>();
  for (const t of REMINDERS) for (let i = 0; i < perTemplate; i++) {
    const text = fill(rnd, t);
    out.set(text, { text, label: "reminder", kind: "reminder" });
  }
  for (const t of QUIET) for (let i = 0; i < Math.ceil(perTemplate / 2); i++) {
    const text = fill(rnd, t);
    if (!out.has(text)) out.set(text, { text, label: "quiet", kind: /reminder/.test(t) ? "personal_lookup" : "chit_chat" });
  }
  return [...out.values()];
}
