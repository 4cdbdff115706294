/**
 * The success criterion each built-in agent kind meets, in the Verifier's machine-checkable
 * syntax (verifier/criteria.ts), so the offline Verifier checks it exactly. The Spirit writes
 * these for the agents it starts; `world spawn --kind <kind>` takes the same one when no need
 * is given (a person asking for a reminder should not have to know what "done" looks like).
 *
 *   reminder, timer  `event notify logged`: the agent's delivery line exists
 *   meeting-prep     the brief file exists and the finish output points at it
 *   open-page        the finish output names a URL
 *   note             the finish output says what was noted (agents/note)
 *   anything else    none: only the task's author can say what done means
 */
export function kindNeed(kind: string | undefined, sessionId: string): string | undefined {
  switch (kind) {
    case "reminder":
    case "timer":
      return "event notify logged";
    case "open-page":
      // Its finish names the page it opened or handed over (agents/open-page).
      return "output matches /https?:\\/\\//";
    case "note":
      return 'output contains "noted: "';
    case "meeting-prep":
      return `file exists .world/briefs/${sessionId.replace(/[^A-Za-z0-9._-]/g, "_")}.md and output contains "brief at"`;
    default:
      return undefined;
  }
}
