/** The words of proposing, accepting and refusing, shared by the readers of a plan agreed between two speakers. */

// Another speaker proposing, inviting or asking, and the user accepting it.
export const PROPOSAL = /^(?:(?:hey|so|and|oh|also|well|ok(?:ay)?)[\s,]+)*(?:let's|lets|let us|shall we|should we|why don't we|how about we|we should|we could|would you like to|do you want to|you want to|want to|would you care to|why don't you(?= (?:come|join)\b)|(?:can|could|would|will) (?:you|someone|somebody|anyone|anybody|one of you)(?: please)?|please|don't forget to|do not forget to|remember to|you should|you need to|you have to|make sure (?:you|to))\s+(.+)$/i;
// The other inviting the user to come to them: "you should come and stay with us", "you must come over to ours".
export const COME_INVITED = /^(?:you should|you must|you have to|you've got to) come\b(?=.*\b(?:with (?:me|us)|to (?:my|our) (?:place|house|home|flat)|to ours)\b)/i;
// The other's proposal read as one of "we" ("shall we go …" → "we should go …").
export const PROPOSAL_LEAD = /^(?:(?:hey|so|and|oh|well|ok(?:ay)?)[\s,]+)*(?:let's|lets|let us|shall we|should we|why don't we|why don't you|how about we|would you like to|do you want to|you want to|want to)\s+/i;
// The proposals said as a question ("shall we …?", "do you want to …?"), unlike "let's …", "we should …".
export const QUESTION_LEAD = /^(?:(?:hey|so|and|oh|also|well|ok(?:ay)?)[\s,]+)*(?:shall we|should we|why don't we|why don't you|how about we|would you like to|do you want to|you want to|want to|would you care to|(?:can|could|would|will) you)\b/i;
const ACCEPT = /^(?:(?:(?:that's|that is|what) a (?:good|great|nice) idea|good idea|great idea|i'd love that|i'd be up for (?:that|it)|i'm in|(?:that|it)(?:'ll| will) (?:be )?(?:fine|great|perfect|ok(?:ay)?|work|do)|that works(?: for me)?|oh|well|yes|yeah|yep|sure|ok(?:ay)?|alright|all right|great|good|fine|perfect|of course|certainly|absolutely|definitely|no problem|why not|sounds (?:good|great|fine|nice|perfect|like a (?:good )?(?:plan|idea))|(?:that's|that is|what) a (?:good|great|nice) idea|good idea|great idea|i'd love to|i would love to|i'd like that|i'd be glad to|that would be (?:great|nice|lovely|fine)|with pleasure|deal|it's a deal|count me in|see you then|will do|i will|i'll do (?:it|that)|i can do that|consider it done|i (?:wouldn't|would not|won't) miss it(?: for the world)?|how (?:can|could) i (?:miss|say no to) (?:it|that))\b[\s,.!?]*)+/i;
const ACCEPT_WORD = /\b(?:miss it|(?:'ll|will) (?:be )?(?:fine|great|perfect|ok(?:ay)?|work|do)|works|say no to|up for|i'm in|love that|yes|yeah|yep|sure|ok(?:ay)?|alright|all right|great|fine|perfect|of course|certainly|absolutely|definitely|no problem|why not|sounds|idea|love to|like that|glad to|would be|pleasure|deal|count me in|see you then|will do|i will|i'll do|can do|consider)\b/i;
export const REFUSE = /\b(?:but|can'?t|cannot|not|no|sorry|afraid|unfortunately|busy|won'?t|don'?t)\b/i;

/** The words of a yes that starts `said` ("Sure,", "Yes, that's fine"), unless what follows takes it back ("…, but I can't"); undefined when none. */
export function yesSaid(said: string): string | undefined {
  const accepted = ACCEPT.exec(said);
  return accepted !== null && ACCEPT_WORD.test(accepted[0]) && !REFUSE.test(said.slice(accepted[0].length)) ? accepted[0] : undefined;
}

// Another speaker saying yes to what the user proposed: "Sure, I'd love to", "Let's watch it together".
export const AGREE_TOGETHER = /^(?:(?:ok(?:ay)?|sure|yes|yeah|great|fine)[\s,.!]*)*let's (?:do (?:it|that)|\w+ (?:it|that|them) together)\b/i;

// The other agreeing to meet at a time the user named.
export const SEE_YOU_THEN = /\bsee you (?:(?:around|at|about) )?(?:then|that time)\b/i;

// The user asking to join the other: "do you want some company?", "can I come along?", "mind if I tag along?"
export const JOIN_ASKED = /\b(?:(?:do you |would you )?(?:want|like|fancy) (?:some |a little )?company|(?:can|could|may) i (?:come|go) (?:along|with you|too)|(?:can|could|may) i join you|(?:do you )?mind if i (?:come along|join you|tag along|come with you))\b/i;

// The user's invitation to come along with no place in it: "why don't you come with us?", "want to come along?".
export const COME_ALONG = /\b(?:why don't you|do you want to|would you like to|you want to|want to|wanna|you should) come(?: along)?(?: with (?:us|me)| too)?\s*\?/i;
