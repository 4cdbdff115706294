/** Reading a person's answer to a nudge: yes, no, or neither. */

export type Answer = { says: "yes"; extra?: string } | { says: "no" } | { says: "unclear" };

const YES = /^(?:y|yes|yeah|yep|yup|sure|ok|okay|please|please do|do it|go ahead|go for it|sounds good|absolutely|definitely|of course|why not|affirmative|ja|oui|si)\b[\s,.!:;-]*/i;
const NO = /^(?:n|no|nope|nah|no thanks|no thank you|don't|do not|not now|never|never mind|nevermind|cancel|stop|skip|forget it|negative|nein|non)\b[\s,.!]*/i;

const NEGATED = /\b(?:don't|do not|dont|not|no|never|cancel|stop)\b/i;

export function readAnswer(text: string): Answer {
  const t = text.trim().replace(/[\u2018\u2019]/g, "'");
  const no = NO.exec(t);
  if (no) return { says: "no" };
  const yes = YES.exec(t);
  if (yes) {
    const extra = t.slice(yes[0].length).trim();
    if (extra === "") return { says: "yes" };
    // "please don't", "ok but not now": a yes word followed by a refusal is not a yes.
    if (NEGATED.test(extra)) return { says: "unclear" };
    return { says: "yes", extra };
  }
  return { says: "unclear" };
}
