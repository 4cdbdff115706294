// Bookings, reservations, rides, appointments, meetings and purchases.
// Each commits the user to something (a seat, a table, a charge), so each is
// a nudge. Availability questions WITH concrete dates ("is there a room in
// manhattan from monday to tuesday") are the first step of a booking and may
// fire inside questions; bare facts about travel ("is my flight on time")
// may not.

import { ActionRule, AVAILABLE, BOOKABLE_CAR, BOOKABLE_FLIGHT, BOOKABLE_STAY, DATE_RANGE, MEETING_ROOM, RIDE, V, rx } from "./lexicon.js";

const W = "(?: [a-z0-9'$:.-]+)";
const DATES_OR_FREE = new RegExp(`${DATE_RANGE.source}|${AVAILABLE.source}`);
const FLIGHT_FACTS =
  /\b(?:status|boarding|board|arrival|arrive|arriving|land|landing|departure|departs|delayed|on time|gate|carry.?on|luggage|baggage|update on|customer service|popular airline)\b/;
const SEARCH = "book|reserve|get|find|search|search for|look for|looking for|seeking|need|want|like|buy|purchase|require";

export const BOOKING_RULES: ActionRule[] = [
  // Cancelling a reservation, including "my reservation is no longer needed".
  {
    kind: "reservation", decision: "nudge", verb: "cancel", task: "cancel the reservation",
    re: rx(`${V("cancel|call off|scrap|drop")}${W}{0,5}? (?:reservations?|booking|table)\\b|\\breservations?\\b${W}{0,3}? cancel(?:l)?ed\\b|\\breservations?\\b.*\\b(?:no longer|not needed|anymore|any more)\\b`),
    procedural: true, why: "cancel a reservation",
  },
  // Restaurant tables.
  {
    kind: "reservation", decision: "nudge", verb: "book",
    re: rx(`\\btable for (?:\\d+|one|two|three|four|five|six|seven|eight|nine|ten|twelve|a party)\\b|${V("make|get|book|reserve|need|want|like|grab|set up")}${W}{0,3}? (?:reservations?|table|booking)\\b`),
    unless: /\b(?:take|takes|accept|accepts|taking|accepting) (?:reservations|bookings)\b/,
    procedural: true, why: "reserve a table",
  },
  // Rides (before calls: "call me an uber").
  {
    kind: "ride", decision: "nudge", verb: "get",
    re: rx(`${V("get|call|catch|book|order|request|need|want|find|like|send|grab|hail")}${W}{0,3}? (?:ubers?|lyfts?|taxis?|cabs?|ride|car service|rideshare)\\b`),
    unless: /\b(?:rent|rental|renting)\b/,
    procedural: true, why: "get a ride",
  },
  { kind: "ride", decision: "nudge", verb: "get", re: RIDE, also: AVAILABLE, inQuestions: true, why: "ride availability" },
  // Rental cars.
  {
    kind: "car_rental", decision: "nudge", verb: "book",
    re: rx(`${V("rent|hire")}${W}{0,3}? (?:car|cars|vehicle|automobile|suv|van|truck|ride|convertible)\\b|${V(SEARCH)}${W}{0,3}? (?:rental car|car rental|rental)\\b|${BOOKABLE_CAR.source}`),
    unless: /\b(?:pay|paid|my rent|the rent|rent is|rent due|rental property|apartment)\b/,
    procedural: true, why: "rent a car",
  },
  { kind: "car_rental", decision: "nudge", verb: "rent", re: BOOKABLE_CAR, also: DATES_OR_FREE, inQuestions: true, why: "rental car with dates" },
  // Flights.
  {
    kind: "flight", decision: "nudge", verb: "book",
    re: rx(`${V(SEARCH)}${W}{0,4}? (?:flights?|plane tickets?|airline tickets?|airfare|tickets? to|seat on)\\b|\\b(?:delta|united|american airlines|southwest|jetblue|alaska airlines|frontier|spirit airlines)${W}{0,2}? tickets?\\b`),
    unless: FLIGHT_FACTS, procedural: true, why: "book a flight",
  },
  { kind: "flight", decision: "nudge", verb: "book a flight", re: rx(`${V("fly|travel by plane")} (?:from|to|out of) [a-z]`), unless: FLIGHT_FACTS, why: "fly somewhere" },
  // A route ("flights from dallas to la") is a search even when asked as a question.
  {
    kind: "flight", decision: "nudge", verb: "book",
    re: /\b(?:flights?|(?:plane |airline )?tickets?|round ?trip|one way)\b(?: [a-z']+){0,3}? from [a-z]+(?: [a-z]+){0,3} to [a-z]+|\b(?:round ?trip|one way) flights?\b/,
    unless: FLIGHT_FACTS, inQuestions: true, why: "flight search with a route",
  },
  { kind: "flight", decision: "nudge", verb: "book", re: BOOKABLE_FLIGHT, also: DATE_RANGE, unless: FLIGHT_FACTS, inQuestions: true, why: "flight with dates" },
  // Hotels.
  {
    kind: "hotel", decision: "nudge", verb: "book",
    re: rx(`${V(SEARCH + "|rent")}${W}{0,4}? (?:hotels?|motels?|rooms?|place to stay|airbnb|suite|lodging|accommodations?|bed and breakfast|hostel)\\b`),
    unless: /\b(?:meeting|conference|bath|rest|chat|living|dining|escape|emergency) ?rooms?\b|\broom for (?:dessert|improvement)\b/,
    procedural: true, why: "book a hotel",
  },
  { kind: "hotel", decision: "nudge", verb: "book", re: BOOKABLE_STAY, also: DATES_OR_FREE, unless: /\b(?:meeting|conference) rooms?\b/, inQuestions: true, why: "hotel availability with dates" },
  // Meetings (involve other people's time: nudge).
  { kind: "meeting", decision: "nudge", verb: "book", re: MEETING_ROOM, also: AVAILABLE, inQuestions: true, why: "meeting room availability" },
  {
    kind: "meeting", decision: "nudge", verb: "schedule",
    re: rx(`${V("schedule|set up|setup|arrange|book|organize|plan|pencil in|put together|set|get|hold|reschedule|need|want|like")}${W}{0,4}? (?:meetings?|conference call|call with|one on one|meeting rooms?|conference rooms?)\\b|\\bmeeting${W}{0,2}? (?:set up|scheduled|booked)\\b`),
    procedural: true, why: "schedule a meeting",
  },
  // Appointments and car service.
  {
    kind: "appointment", decision: "nudge", verb: "schedule",
    re: rx(`${V("schedule|reschedule|book|make|set up|get|arrange|need|want|like|set|find|request")}${W}{0,4}? (?:appointments?|appt|maintenance|oil change|tune ?up|inspection|check ?up|checkup|servicing)\\b|\\b(?:maintenance|appointment|service|check ?up)${W}{0,2}? scheduled\\b|\\bset (?:up )?a time\\b|${V("schedule|reschedule")} [a-z]+|${V("get|have")} (?:my|the|our) (?:[a-z]+ )?(?:car|truck|vehicle|bike|tires|brakes|oil|engine)(?: [a-z]+)? (?:serviced|checked|inspected|looked at|fixed|repaired|changed|rotated|aligned|tuned)\\b|${V("need|find|get|call")} (?:a|an) (?:mechanic|plumber|electrician|dentist|doctor|handyman|locksmith)\\b`),
    unless: /\b(?:last|previous|when is my|when did)\b/,
    procedural: true, why: "schedule an appointment",
  },
  // Anything "available ... from <date> to <date>".
  { kind: "booking", decision: "nudge", verb: "book", re: AVAILABLE, also: DATE_RANGE, inQuestions: true, why: "availability for dates" },
  // Bare "book" as a verb ("is it possible to book 10 people", "get me a flight booked").
  {
    kind: "booking", decision: "nudge", verb: "book",
    re: rx(`${V("book|reserve")} (?!(?:club|report|store|shelf|worm)\\b)[a-z0-9]|\\b(?:get|have) (?:me )?(?:a |an |the )?(?:[a-z]+ ){0,3}booked\\b`),
    procedural: true, why: "book something",
  },
  // Buying things.
  {
    kind: "shopping", decision: "nudge", verb: "order",
    re: rx(`${V("order|buy|purchase|reorder|re-order|restock")} (?!(?:status|number|history)\\b)[a-z0-9]|\\bput in (?:the|an|a|my) order\\b|\\b(?:have|get) (?:some |a |an |new |more )?(?:[a-z']+ ){0,3}(?:shipped|delivered) to me\\b`),
    unless: /\border (?:status|number|history)\b|\bin order to\b/,
    why: "order / buy something",
  },
];
