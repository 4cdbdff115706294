/**
 * What the demo says and does, in one place: the transcript the Spirit hears, the
 * second agent's task and need (in the Verifier's criteria syntax), and what the human
 * answers. The steps (steps.ts) wait for the lines these cause.
 */
import { join } from "node:path";
import { PACKAGE_ROOT } from "../../tools/package-root.js";

/** A small conversation: small talk, one explicit request, one flight discussion. */
export const TRANSCRIPT = join(PACKAGE_ROOT, "ui", "demo", "transcript.jsonl");

/** The line in the transcript the Spirit should turn into a reminder agent. */
export const REMINDER_REQUEST = "remind me to stretch in 3 seconds";

/** What the human says to the Spirit's flight question. */
export const NUDGE_ANSWER = "not now, thanks";

/** The second agent: a task it cannot finish without a fact only a human has. */
export const PERMIT_TASK = "fill in the parking permit form for the car";
/** Machine-checkable (verifier/criteria.ts): the offline Verifier checks it exactly. */
export const PERMIT_NEED = "file permit.txt matches /plate: [A-Z]{2,3}-[0-9]{3,4}/";
/** The fact: the agent finds the plate in the human's answer (WORLD_GUIDANCE). */
export const HUMAN_ANSWER = "the plate is LX-4711";

/** The compiled demo agent (ui/demo/permit-agent.ts). */
export const PERMIT_AGENT = join(PACKAGE_ROOT, "dist", "ui", "demo", "permit-agent.js");
