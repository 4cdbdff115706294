// Things that look like commands but are addressed to the assistant itself
// (its voice, speed, name, pairing, settings) or that only READ the user's
// data. They stay quiet: the voice front-end handles the first kind itself,
// and a look-up is answered in conversation, no agent needed.
// Checked after reminders and before action rules.

interface QuietRule {
  re: RegExp;
  kind: "assistant_meta" | "personal_lookup" | "chit_chat";
  why: string;
}

const LANGUAGES =
  "spanish|french|german|greek|italian|japanese|chinese|mandarin|cantonese|english|portuguese|russian|korean|arabic|hindi|dutch|swedish|polish|turkish|hebrew|vietnamese";

export const QUIET_RULES: QuietRule[] = [
  { re: /\b(?:volume|louder|quieter)\b/, kind: "assistant_meta", why: "assistant volume" },
  {
    re: /\b(?:talk|speak|speaking|talking|respond|responding|reply)\b.*\b(?:faster|slower|quicker|slow|fast|quickly|slowly)\b|\b(?:slow down|speed up)\b|\b(?:your|talking|speaking|speech|voice) (?:speed|rate|pace)\b/,
    kind: "assistant_meta",
    why: "assistant speech speed",
  },
  { re: /\b(?:accent|(?:male|female|british|american|australian|robot|whisper|different|new|deeper|higher) voice|whisper\w*|your voice)\b/, kind: "assistant_meta", why: "assistant voice" },
  { re: new RegExp(`\\b(?:language|speak|talk|respond|reply|answer|switch|change)\\b.*\\b(?:${LANGUAGES})\\b(?! (?:food|restaurant|meal|class|lesson))`), kind: "assistant_meta", why: "assistant language" },
  {
    re: /\byour (?:name|language|settings?|wake word)\b|\b(?:ai|assistant|bot)(?:'s)? name\b|\bwhat you respond to\b|\bcall you\b|\byour new name\b/,
    kind: "assistant_meta",
    why: "assistant name",
  },
  // "call me ishmael" renames the user; "call me an uber" / "call me at 5" do not.
  { re: /\bcall me (?!(?:an?|the|my|back|at|on|in|when|later|tomorrow|tonight|if|after|before|as soon)\b)[a-z]+|\b(?:my name is|the name is|change my name|my name to|name saved)\b/, kind: "assistant_meta", why: "user's name for the assistant" },
  { re: /\b(?:factory|default|original) settings\b|\bhard reset\b|\breset (?:your|all|to|everything)\b|\breset (?:the )?settings\b/, kind: "assistant_meta", why: "assistant settings reset" },
  { re: /\b(?:pair|sync|connect|disconnect|unlink|link|unpair)\b(?: (?:up|yourself|with|to|from|my|the|your|this))* (?:phone|device|tablet|computer|laptop|watch|bluetooth)\b/, kind: "assistant_meta", why: "device pairing" },
  {
    re: /\b(?:stop talking|be quiet|shut up|never ?mind|do not (?:complete|do) (?:the|that|this|it)|forget (?:it|that|my (?:previous|last) (?:command|request|question))|cancel (?:that|this|it|the (?:last )?(?:task|request|command)))\b|^(?:silence|stop|cancel)$/,
    kind: "assistant_meta",
    why: "cancel / stop the assistant",
  },
  { re: /\b(?:repeat (?:that|it|yourself|please|what)|(?:say|hear) (?:that|it) again|come again)\b|^(?:please )?repeat$/, kind: "assistant_meta", why: "repeat request" },
  // Reading existing data (hard negatives for the action rules).
  { re: /\b(?:status|tracking)\b/, kind: "personal_lookup", why: "status look-up" },
  { re: /\bconfirm\b.*\b(?:reservation|booking|appointment|flight)\b/, kind: "personal_lookup", why: "confirm an existing booking" },
  { re: /\b(?:read|go over|go through)\b.*\b(?:list|calendar|schedule|agenda|reminders|messages|emails)\b/, kind: "personal_lookup", why: "read back the user's data" },
  // Games the assistant plays on the spot.
  { re: /\b(?:flip|toss) a coin\b|\bcoin (?:flip|toss)\b|\broll (?:a|the|two|\d+)\b.*\b(?:dice|die)\b|\b(?:dice|die) rolled\b/, kind: "chit_chat", why: "coin / dice game" },
];

export function findQuiet(t: string): QuietRule | undefined {
  return QUIET_RULES.find((r) => r.re.test(t));
}
