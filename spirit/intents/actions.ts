// All action rules in priority order: the first rule whose pattern matches
// in an acting clause wins. Order matters where phrasings overlap:
//   - money before comm: "tell my bank i'm travelling" is not a text;
//   - booking before comm: "call me an uber" is a ride, not a call;
//   - home before comm: "ring my phone" is find-my-phone, not a call.

import { MONEY_RULES } from "./actions-money.js";
import { BOOKING_RULES } from "./actions-booking.js";
import { COMM_RULES } from "./actions-comm.js";
import { HOME_RULES } from "./actions-home.js";
import type { ActionRule } from "./lexicon.js";

export const ACTION_RULES: readonly ActionRule[] = [...MONEY_RULES, ...BOOKING_RULES, ...HOME_RULES, ...COMM_RULES];
