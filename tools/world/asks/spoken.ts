/**
 * Words a person said aloud that the Spirit passes on as an answer (`[event:user][<id>]
 * yes (spoken)`, spirit/decide/spoken-answer.ts): the tag after them is the relay's, never
 * the person's words. Here, below the Spirit, so that whoever reads an answer (the Spirit's
 * nudges, an agent given the answer as its guidance) takes the words alone.
 */
const RELAY_TAG = "(spoken)";

/** The answer's words as relayed: the person's, with the relay's tag after them. */
export function relayed(words: string): string {
  return `${words.trim()} ${RELAY_TAG}`;
}

/** What the person said, without the relay's tag. */
export function withoutRelayTag(text: string): string {
  const t = text.trimEnd();
  return t.endsWith(` ${RELAY_TAG}`) ? t.slice(0, -RELAY_TAG.length - 1) : t === RELAY_TAG ? "" : text;
}
