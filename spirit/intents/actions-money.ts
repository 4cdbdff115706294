// Money, bank accounts and work (HR) actions. All are consequential (money
// moves, an account changes, a form is filed), so every one is a nudge: the
// Spirit proposes, the user confirms.
//
// Many of these are also phrased as "how do i ..." ("how do i set up direct
// deposit"); the user wants the thing done and does not know how, so they
// are marked procedural: the Spirit offers to start it.

import { ActionRule, V, rx } from "./lexicon.js";

const NUMBER_WORD = "(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|a hundred|a thousand)";
const MONEY = `(?:\\$ ?\\d|\\d[\\d,.]* ?(?:dollars|bucks|usd|euros|pounds)|${NUMBER_WORD}(?:[a-z -]*)? (?:dollars|bucks)|money|funds|cash|the balance)`;
const CARD = "(?:card|cards|visa|mastercard|amex|american express|discover card|debit|credit)";
const W = "(?: [a-z0-9'$:.-]+)"; // one filler word

export const MONEY_RULES: ActionRule[] = [
  // Telling the bank about travel. Before the messaging rules: "tell my bank ..." is not a text.
  {
    kind: "banking", decision: "nudge", verb: "notify",
    re: rx(`\\b(?:tell|inform|notify|let|alert|message|call|contact|warn)\\b${W}{0,3}? (?:bank|card company|credit card company|card issuer|credit union)\\b|${V("set|put|add|file|submit|place|create")}${W}{0,3}? travel (?:notice|notification|note|flag)\\b`),
    also: /\b(?:travel\w*|trip|going|abroad|overseas|out of (?:the )?(?:country|state|town)|internationally|vacation|be in|visiting|leaving)\b|travel (?:notice|notification|note|flag)/,
    procedural: true, why: "tell the bank about travel",
  },
  // Ordering checkbooks ("checks" plural; a single "check" is usually mail or a verb).
  {
    kind: "banking", decision: "nudge", verb: "order", task: "order new checks",
    re: /\b(?:checks|checkbooks?|cheques|check books?)\b/,
    also: /\b(?:order|get|need|new|more|mailed|send|reorder|ran out|run out|out of|do not have|last of)\b/,
    unless: /\b(?:background|spot|health|rain|safety) checks\b/,
    procedural: true, why: "order checks",
  },
  // Freezing / blocking an account or card.
  {
    kind: "banking", decision: "nudge", verb: "freeze",
    re: rx(`${V("freeze|block|lock|suspend|deactivate|disable|hold off on|close|put a (?:hold|block|freeze|stop)|place a (?:hold|block|freeze)")}.*\\b(?:account|${CARD})s?\\b|\\b(?:need|want|like|please|make|get)\\b.*\\b(?:account|card)\\b.*\\b(?:frozen|blocked|locked|suspended|on hold|closed|a frozen one)\\b|\\b(?:block|hold|freeze|stop) (?:put|placed) on\\b`),
    unless: /\bwhy\b/,
    procedural: true, why: "freeze / block an account",
  },
  // 401k / retirement roll-over (before transfer: "transfer my 401k").
  {
    kind: "hr", decision: "nudge", verb: "roll over",
    re: /\b(?:401 ?k|ira|retirement (?:account|plan|savings|fund))\b/,
    also: /\b(?:roll ?over|rolled over|rolling over|rollover|carry ?over|transfer\w*|move|moving|redirect\w*|switch\w*)\b/,
    unless: /\b(?:freeze|block|hold)\b/,
    procedural: true, why: "roll over a 401k",
  },
  // Setting up direct deposit of pay.
  {
    kind: "hr", decision: "nudge", verb: "set up",
    re: /\bdirect(?:ly)? deposit(?:ed)?\b|\binstant paycheck\b|\bpaycheck\b(?: [a-z']+){0,3}? deposited\b/,
    also: /\b(?:set|setting|get|start|sign|enroll|switch|change|need|want|like|arrange|update)\b/,
    procedural: true, why: "set up direct deposit",
  },
  // Lost or stolen card: a problem statement is itself the request to report it.
  {
    kind: "banking", decision: "nudge", verb: "report", task: "report a lost or stolen card",
    re: rx(`\\b(?:lost|lose|misplaced|cannot find|can not find|stole|stolen|missing)\\b${W}{0,4}? ${CARD}\\b|\\b${CARD}\\b${W}{0,4}? (?:lost|stolen|missing|gone)\\b|${V("report|mark|flag|label")}.*\\b(?:lost|stolen)\\b`),
    unless: /\b(?:luggage|baggage|suitcase|phone|keys)\b/,
    procedural: true, why: "report a lost / stolen card",
  },
  // Damaged card: replacement needed.
  {
    kind: "banking", decision: "nudge", verb: "replace", task: "replace a damaged card",
    re: rx(`\\b${CARD}\\b${W}{0,4}? (?:damaged|broken|broke|snapped|cracked|destroyed|erased|bent|scratched|melted|chewed|ruined|demagnetized|unusable|split|does not work|will not work|is not working|stopped working|not working)\\b|\\b(?:damaged|broken|cracked|bent|snapped) (?:credit |debit |bank )?card\\b|\\b(?:cannot|can not|unable to) use (?:my|the) (?:credit |debit |bank )?card\\b`),
    procedural: true, why: "replace a damaged card",
  },
  // Fraud on an account: report it.
  {
    kind: "banking", decision: "nudge", verb: "report", task: "report fraud on the account",
    re: /\bfraud\w*\b|\b(?:suspicious|unauthori[sz]ed|false|strange|unknown|weird|unrecognized) (?:charges?|transactions?|activity|purchases?|withdrawals?)\b|\bsomeone (?:else )?(?:is |has been )?(?:using|used|charged)\b.*\b(?:card|account)\b|\b(?:card|account)\b.*\b(?:being used|used) by (?:someone|somebody|a stranger)\b|\bidentity theft\b|\b(?:hacked|compromised|breached)\b.*\b(?:account|card)\b|\b(?:account|card)\b.*\b(?:hacked|compromised|breached)\b/,
    procedural: true, why: "report fraud",
  },
  // PIN / password change or reset.
  {
    kind: "banking", decision: "nudge", verb: "change", task: "reset the pin",
    re: rx(`${V("change|reset|replace|switch|update|set|make|get|need|want|like|create|modify")}${W}{0,4}? (?:pin|pin number|pin code|passcode)\\b|\\bnew pin\\b|\\bforg(?:o|e)t(?:ten)?${W}{0,3}? (?:pin|pin number|passcode)\\b`),
    procedural: true, why: "change / reset a PIN",
  },
  // Credit limit change.
  {
    kind: "banking", decision: "nudge", verb: "request",
    re: /\b(?:increase|raise|raising|increasing|bump|up|change|lower|decrease|extend|higher|boost|adjust)\b(?: [a-z']+){0,5}? (?:credit |spending )?limit\b|\blimit\b(?: [a-z']+){0,5}? (?:increase|increased|go up|raised|higher|bigger|lowered|decrease)\b/,
    procedural: true, why: "change a credit limit",
  },
  // Applying for a card / loan.
  {
    kind: "banking", decision: "nudge", verb: "apply for",
    re: rx(`\\b(?:appl(?:y|ying|ication)|sign(?:ing)? (?:me )?up for)\\b${W}{0,8}? (?:card|credit card|visa|mastercard|amex|loan|credit line|line of credit)\\b|${V("get|need|want|like|order|request")}(?: a| an| another)?(?: brand)? new (?:credit |debit )?card\\b`),
    unless: /\bvisa (?:to|for) (?:visit|travel|enter|go)\b|\b(?:travel|international|tourist|student|work) visa\b/,
    procedural: true, why: "apply for a card",
  },
  // Changing insurance.
  {
    kind: "hr", decision: "nudge", verb: "change",
    re: /\b(?:new|switch|switching|change|changes|changing|modify|modifying|update|updating|different|another|better|cancel)\b(?: [a-z']+){0,4}? (?:insurance|coverage|health plan|dental plan|policy)\b|\binsurance(?: plan| policy)? (?:changed|updated|switched)\b/,
    procedural: true, why: "change insurance",
  },
  // Requesting time off.
  {
    kind: "hr", decision: "nudge", verb: "request",
    re: /\b(?:pto|time off|vacation|day off|days off|leave of absence|personal day|sick day|paid leave|(?:mon|tues|wednes|thurs|fri|satur|sun)day off|tomorrow off|the week off)\b/,
    also: /\b(?:request|put in|submit|file|make|book|schedule|ask for|apply)\b|\b(?:need|want|like|take|get)\b.*\b(?:pto|time off|days? off|[a-z]+day off|tomorrow off|the week off)\b/,
    unless: /\b(?:status|approved|approval|hear back|heard back|how many|how much|left|remaining|balance|used|taken|accrued|saved|available|vacation (?:to|in|at|spot|ideas?|destinations?))\b/,
    procedural: true, why: "request time off",
  },
  // Moving money between accounts or to a person.
  {
    kind: "payment", decision: "nudge", verb: "transfer",
    re: rx(`${V("transfer|move|send|wire|put|deposit|venmo|zelle|pay|give")}${W}{0,3}? ${MONEY}|\\b(?:\\$ ?\\d[\\d,.]*|dollars|money|funds)\\b.*\\b(?:sent|transferred|moved|wired|deposited)\\b|${V("transfer")}.*\\b(?:from|to|into)\\b`),
    unless: /\b(?:how long|fees?|limit|overdraft|list)\b/,
    procedural: true, why: "transfer money",
  },
  // Paying a bill.
  {
    kind: "payment", decision: "nudge", verb: "pay",
    re: rx(`${V("pay|pay off")}${W}{0,4}? (?:bill|bills|rent|mortgage|invoice|loan|tuition|fee|fees|tax|taxes|dues|installment|premium|card|credit card|statement|tab|balance)\\b`),
    procedural: true, why: "pay a bill",
  },
];
