// An appointment made with the one who keeps the times (spirit/decide/plans/appointment.ts): a time offered, taken.
// Our own sentences (the eval files are evaluation only).
import { describe, expect, it } from "vitest";
import { appointmentTaken } from "../../../../spirit/decide/plans/appointment.js";

const now = new Date(2026, 2, 2, 9, 0); // a Monday morning, on this machine's clock
const ctx = { now, listener: "Clinic" };
const turns = (...said: [string, string][]) => said.map(([speaker, text]) => ({ speaker, isUser: speaker === "me", text }));

describe("a time offered for an appointment, taken by the user", () => {
  it("the time told as free, taken with 'I'll take it' or a yes", () => {
    const offered = turns(["me", "I need to see the optician."], ["Clinic", "Let me look. The next available appointment is Wednesday at 11:30."]);
    expect(appointmentTaken("I'll take it, thanks.", offered, ctx)).toMatchObject({ action: "go to the appointment on Wednesday at 11:30", when: "on Wednesday at 11:30" });
    expect(appointmentTaken("Perfect.", offered, ctx)).toMatchObject({ action: "go to the appointment on Wednesday at 11:30" });
  });

  it("an opening, with what it is for named by the user before; its day of the month and hour kept", () => {
    const said = turns(["me", "Hi, I'd like to book a check-up for my son."], ["Clinic", "We have an opening on Friday the 6th at 3:40."]);
    expect(appointmentTaken("That works for me.", said, ctx)).toMatchObject({ action: "go to the check-up on Friday the 6th at 3:40" });
  });

  it("a time asked about ('would … suit you?'), said back as fine", () => {
    const said = turns(["Office", "We'd like you to come for a final interview."], ["Office", "Would Thursday at nine suit you?"]);
    expect(appointmentTaken("Yes, Thursday at nine is fine.", said, ctx)).toMatchObject({ action: "go to the final interview on Thursday at nine" });
  });

  it("quiet: a refusal, nothing named for the time, the other's own appointment, a time only told", () => {
    const offered = turns(["me", "Can I see a dentist?"], ["Clinic", "The earliest appointment is Wednesday at 11:30."]);
    expect(appointmentTaken("Sorry, that's no good for me.", offered, ctx)).toBeUndefined();
    expect(appointmentTaken("That's fine.", turns(["Ana", "Would Saturday at ten suit you?"]), ctx)).toBeUndefined();
    expect(appointmentTaken("OK.", turns(["Ana", "My appointment is on Wednesday at 11:30."]), ctx)).toBeUndefined();
    expect(appointmentTaken("Great.", turns(["Ana", "I have an interview on Thursday at nine."]), ctx)).toBeUndefined();
    expect(appointmentTaken("Oh, OK.", turns(["Ana", "I've got an appointment on Thursday at nine."]), ctx)).toBeUndefined();
    // The offer is the other's to make: the user's own words are no offer taken.
    expect(appointmentTaken("That's fine.", turns(["me", "The next appointment is Wednesday at 11:30."]), ctx)).toBeUndefined();
  });
});
