// A time the other names, taken by the user however it is said (spirit/decide/plans/slot.ts). Our own sentences.
import { describe, expect, it } from "vitest";
import { slotTaken } from "../../../../spirit/decide/plans/slot.js";

const now = new Date(2026, 2, 2, 9, 0); // a Monday morning, on this machine's clock
const ctx = { now, listener: "Sam" };
const turns = (...said: [string, string][]) => said.map(([speaker, text]) => ({ speaker, isUser: speaker === "me", text }));

describe("the user taking a time the other offers", () => {
  it("the time said back as fine, or with 'please', for the thing the turns name", () => {
    const vet = turns(["me", "My cat keeps scratching. Could someone look at her?"], ["Sam", "We have an opening tomorrow at 4:15."], ["me", "Nothing today?"], ["Sam", "Not unless it's urgent."]);
    expect(slotTaken("No, it's not urgent. Tomorrow at 4:15 is fine.", vet, ctx)).toMatchObject({ action: "go to the appointment tomorrow at 4:15", when: "tomorrow at 4:15", from: "accepted" });
    const table = turns(["me", "I'd like to book a table for Friday evening."], ["Sam", "Seven is full, I'm afraid. We have 7:45."]);
    expect(slotTaken("7:45 is fine.", table, ctx)).toMatchObject({ action: "go to the restaurant at 7:45 on friday" });
    expect(slotTaken("Wednesday at ten, please.", turns(["Sam", "The adviser is free by appointment: Wednesday at ten or Thursday at two."]), ctx)).toMatchObject({ action: "go to the appointment on Wednesday at ten" });
  });

  it("'I'll be there', 'see you there', 'book me in', 'please do that', a short yes to a time asked", () => {
    expect(slotTaken("I'll be there.", turns(["Sam", "Can we talk about the project?"], ["Sam", "Thursday after lunch, about 2:30?"]), ctx)).toMatchObject({ action: "meet Sam on Thursday" });
    expect(slotTaken("See you there.", turns(["Sam", "Fancy a game of squash tomorrow?"], ["me", "Where?"], ["Sam", "The sports centre, at six?"]), ctx)).toMatchObject({ action: "play squash at six tomorrow" });
    expect(slotTaken("Yes, book me in for that.", turns(["Sam", "You need a filling. Our first appointment is at nine. Next Friday?"]), ctx)).toMatchObject({ action: "go to the appointment next Friday at nine" });
    expect(slotTaken("That should be OK. Please do that.", turns(["Sam", "I can put you on the first train tomorrow morning, at 6:10."]), ctx)).toMatchObject({ action: "catch the train tomorrow morning at 6:10" });
    expect(slotTaken("Sure, I'm in.", turns(["Sam", "We're doing a beach clean-up on Saturday morning. Do you want to join?"]), ctx)).toMatchObject({ action: "go to the beach clean-up on Saturday morning" });
    expect(slotTaken("Yes.", turns(["Sam", "Your check-up can be on Friday. Is 3pm OK?"]), ctx)).toMatchObject({ action: "go to the appointment at 3pm on friday" });
  });

  it("an hour in words said alone, a time said with the yes, a thing named without an article, someone to see", () => {
    expect(slotTaken("Yes, please. For half past six.", turns(["Sam", "Your flight is early tomorrow. Would you like us to book a taxi as well?"]), ctx)).toMatchObject({ action: "take the taxi at half past six tomorrow" });
    expect(slotTaken("Great, I'll be there after my call.", turns(["Sam", "A few of us are going for drinks after work. You coming?"], ["me", "Sounds good. Where?"], ["Sam", "The Crown, about half five."]), ctx)).toMatchObject({ action: "go for drinks at half five" });
    expect(slotTaken("Great, put me down for this Thursday.", turns(["Sam", "We have beginners' classes on Monday and Thursday evenings."]), ctx)).toMatchObject({ action: "go to the beginners' class this Thursday" });
    expect(slotTaken("Wednesday, please.", turns(["Sam", "Delivery is free. We can bring it on Tuesday or Wednesday."]), ctx)).toMatchObject({ action: "be in for the delivery on Wednesday" });
    expect(slotTaken("That's fine.", turns(["me", "The doctor wants to see me again."], ["Sam", "3:20 on Tuesday?"]), ctx)).toMatchObject({ action: "see the doctor at 3:20 on Tuesday" });
    expect(slotTaken("Of course. See you Saturday.", turns(["Sam", "It's my birthday on Saturday. I'm having a party at my place. You have to come!"]), ctx)).toMatchObject({ action: "go to the party on Saturday" });
  });

  it("the time said back in other words, a word or two to a time offered, someone coming to the user, a game", () => {
    const dentist = turns(["Sam", "Dr Okafor has a cancellation on Thursday at 10:40, or otherwise it's next Tuesday."]);
    expect(slotTaken("Thursday's good.", dentist, ctx)).toMatchObject({ action: "see Dr Okafor on Thursday at 10:40" });
    expect(slotTaken("That would suit me well.", turns(["Sam", "Our advisers see customers by appointment. The next available slot is Monday at 11 am."]), ctx)).toMatchObject({ action: "go to the appointment on Monday at 11 am" });
    expect(slotTaken("Fine.", turns(["Sam", "A technician will need to come to your desk. The earliest would be Thursday at two."]), ctx)).toMatchObject({ action: "be in for the technician on Thursday at two" });
    expect(slotTaken("Go ahead, I work from home on Tuesdays.", turns(["Sam", "I can send my plumber round on Tuesday morning, around ten. Would someone be in?"]), ctx)).toMatchObject({ action: expect.stringMatching(/^be in for the plumber on Tuesday/) });
    expect(slotTaken("Yes, we will come with pleasure.", turns(["Sam", "We're having a small party on Saturday. Will you come?"], ["me", "Saturday, what time?"], ["Sam", "From seven."]), ctx)).toMatchObject({ action: "go to the small party at seven on saturday" });
    expect(slotTaken("Ha, fair. Count me in.", turns(["Sam", "We're doing a quiz night at the Crown next Friday at eight. Are you up for it?"], ["me", "I'm hopeless at quizzes."], ["Sam", "Nobody minds!"]), ctx)).toMatchObject({ action: expect.stringMatching(/^go to the quiz night/) });
    expect(slotTaken("See you then.", turns(["Sam", "Tennis tomorrow?"], ["me", "Yes, at six?"], ["Sam", "Six is fine."]), ctx)).toBeDefined();
    // A word or two to what is only told, or a number that says how many, takes no time.
    expect(slotTaken("OK.", turns(["Sam", "The shop closes at six on Friday."]), ctx)).toBeUndefined();
    expect(slotTaken("Four, please.", turns(["me", "I'd like a table for Saturday evening."], ["Sam", "For how many people?"]), ctx)).toBeUndefined();
    expect(slotTaken("It's an after dinner thing then.", turns(["Sam", "What is it, a pudding?"]), ctx)).toBeUndefined();
  });

  it("the user's time taken by the other, only when it includes the user", () => {
    const free = turns(["me", "Are you free for a game of squash this weekend?"], ["Sam", "Saturday morning works."], ["me", "Saturday at the sports centre, then. Ten o'clock?"]);
    expect(slotTaken("Perfect.", free, ctx, false)).toMatchObject({ action: "play squash at ten o'clock on saturday" });
    // Nothing named: whom or what the time is for is not guessed.
    expect(slotTaken("Yes.", turns(["me", "We're meeting the clients at 2 tomorrow, right?"]), ctx, false)).toBeUndefined();
    // A clerk's offer taken by a customer is the customer's plan.
    const clerk = turns(["me", "There is a flight leaving next Friday at 10 o'clock. Will that be alright?"]);
    expect(slotTaken("That's fine.", clerk, ctx, false)).toBeUndefined();
  });

  it("'I'll take Wednesday, then' with the hour the other gave that day; joining what was told in any words; a parcel", () => {
    const dentist = turns(["me", "Can I see the dentist soon?"], ["Sam", "The earliest I have is Wednesday at quarter past three."], ["me", "Nothing earlier?"], ["Sam", "I'm afraid not."]);
    expect(slotTaken("All right, I'll take Wednesday, then.", dentist, ctx)).toMatchObject({ action: "see the dentist on Wednesday at quarter past three" });
    const football = turns(["Sam", "We're playing football in the park on Sunday. We need one more player."], ["me", "I haven't played for years."], ["Sam", "It's just for fun. We start at four."]);
    expect(slotTaken("In that case, count me in.", football, ctx)).toMatchObject({ action: expect.stringMatching(/^play football/) });
    // Joined, the time is the one told with what was joined, not the other's last words ("He flies back on Wednesday.").
    const dinner = turns(["Sam", "The team dinner is on Thursday at Rossi's. Almost everyone is coming."], ["me", "Is Mark coming?"], ["Sam", "He flies back on Wednesday."]);
    expect(slotTaken("Count me in, then.", dinner, ctx)).toMatchObject({ action: "go to the team dinner on Thursday" });
    expect(slotTaken("Saturday, please. I'm at home all morning.", turns(["Sam", "We can deliver the parcel again on Friday or on Saturday morning."]), ctx)).toMatchObject({ action: "be in for the parcel on Saturday" });
    expect(slotTaken("The 5th, please, in the afternoon if possible.", turns(["me", "Can I make an appointment for my dog?"], ["Sam", "We have places next month on the 3rd or the 5th."]), ctx)).toMatchObject({ action: "go to the appointment on the 5th" });
  });

  it("'I can do that', 'I'll see you then', 'is best for me', 'I'll be here', 'put me down for Monday at six'", () => {
    const surgery = turns(["me", "I'd like to see Dr Owen, please."], ["Sam", "The first slot I've got is tomorrow at twenty to ten. Could you make that?"]);
    expect(slotTaken("Twenty to ten tomorrow... yes, I can do that.", surgery, ctx)).toMatchObject({ action: expect.stringMatching(/^go to the appointment tomorrow/) });
    expect(slotTaken("I finish early on Tuesdays, so that's perfect. I'll see you then.", turns(["Sam", "I'm free on Tuesday after school, at about quarter to four?"]), ctx)).toMatchObject({ action: expect.stringMatching(/^meet Sam on Tuesday/) });
    expect(slotTaken("Tuesday morning is best for me.", turns(["Sam", "Delivery can be next Tuesday or Thursday, in the morning or the afternoon."]), ctx)).toMatchObject({ action: "be in for the delivery on Tuesday morning" });
    expect(slotTaken("Fine, I'll be here.", turns(["Sam", "I have found a plumber who can come on Thursday morning. Will someone be at home to let him in?"]), ctx)).toMatchObject({ action: expect.stringMatching(/^be in for the plumber on Thursday morning/) });
    expect(slotTaken("Put me down for Monday at six.", turns(["Sam", "Every new member has a free induction. We've got spaces on Monday at six or Wednesday at seven."]), ctx)).toMatchObject({ action: "go to the induction on Monday at six" });
  });

  it("the hour the user asked, then took: not the day the other moved from", () => {
    const moved = turns(["Sam", "I have to move our meeting from Tuesday to Wednesday. Same time?"]);
    expect(slotTaken("Wednesday at two? Let me check... Yes, that's fine.", moved, ctx)).toMatchObject({ action: "go to the meeting on Wednesday at two" });
  });

  it("quiet: a refusal, a time only told, a question about the past, nothing named, no time with a day or an hour", () => {
    const offered = turns(["Sam", "We have an opening for a check-up on Thursday at ten."]);
    expect(slotTaken("Sorry, that's no good for me.", offered, ctx)).toBeUndefined();
    expect(slotTaken("OK.", turns(["Sam", "My train leaves at six tomorrow."]), ctx)).toBeUndefined();
    expect(slotTaken("Yes, it was great.", turns(["Sam", "The party on Saturday was great, wasn't it?"]), ctx)).toBeUndefined();
    expect(slotTaken("That's fine.", turns(["Sam", "Would Thursday at ten suit you?"]), ctx)).toBeUndefined();
    expect(slotTaken("Yes.", turns(["Sam", "Do you know which one?"], ["Sam", "He's good at one game in particular, right?"]), ctx)).toBeUndefined();
    expect(slotTaken("That's fine.", turns(["Sam", "The hotel is $1000 a night. Shall we book the room?"]), ctx)).toBeUndefined();
    // The other's own words only: the user's own line is no offer taken.
    expect(slotTaken("That's fine.", turns(["me", "We have an opening for a check-up on Thursday at ten."]), ctx)).toBeUndefined();
  });
});
