// Communication on the user's behalf: calls, texts, e-mails, sharing the
// user's location. Others will see these, so they are nudges. Checked last:
// "tell my bank ..." (travel notice) and "call me an uber" (ride) are
// claimed by earlier rules.

import { ActionRule, NOT_PERSON, V, rx } from "./lexicon.js";

const W = "(?: [a-z0-9'-]+)";

export const COMM_RULES: ActionRule[] = [
  {
    kind: "message", decision: "nudge", verb: "share",
    re: /\bshare\b.*\b(?:location|gps|coordinates|whereabouts|where i am)\b|\b(?:let|tell|want) (?!me\b)[a-z' ]+ (?:to )?know where i (?:am|am at)\b|\b(?:location|gps|coordinates|whereabouts)\b.*\b(?:shared|sent)\b|\b(?:let|give|send) (?!me\b)[a-z' ]+ (?:have|get|see) my (?:current |exact )?(?:location|gps|coordinates|whereabouts)\b|\b(?:send|give|text)\b.*\b(?:location|coordinates)\b.* to (?!me\b)[a-z]/,
    why: "share my location",
  },
  {
    kind: "call", decision: "nudge", verb: "call",
    re: rx(`${V("call|dial|ring|phone|facetime|video call|skype")} ${NOT_PERSON}[a-z0-9]|${V("give")}(?: [a-z']+){1,3} a (?:call|ring|buzz)\\b|${V("get")} (?!me\\b)[a-z']+(?: [a-z']+)? on the (?:phone|line)\\b|${V("place|make|start")} a (?:phone |video )?call\\b`),
    unless: /\bcall (?:it|this|that) (?:a|an)\b|\bwhat (?:do|does|did) [a-z ]*call\b/,
    why: "call someone",
  },
  {
    kind: "message", decision: "nudge", verb: "send",
    re: rx(
      `${V("text|message|msg|email|e-mail|sms|dm|whatsapp|ping")} ${NOT_PERSON}(?!us\\b)[a-z]` +
        `|${V("send|shoot|drop|write|compose|draft|type|dictate|leave")}${W}{0,3}? (?:text|texts|message|messages|email|emails|e-mail|sms|note|msg|dm|reply|voicemail|line)\\b` +
        `|${V("let")} ${NOT_PERSON}(?!us\\b)[a-z']+(?: [a-z']+){0,2} know\\b` +
        `|${V("tell")} ${NOT_PERSON}(?!us\\b)[a-z']+(?: [a-z']+)? (?:that|i|i am|we|to|about|the)\\b`,
    ),
    why: "send a message",
  },
];
