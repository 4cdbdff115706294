/** The words a note task keeps: "note: call the clinic" → "call the clinic"; blank → undefined. */
export function noteOf(task: string): string | undefined {
  const words = task.replace(/^\s*note\s*:\s*/i, "").replace(/\s+/g, " ").trim();
  return words === "" ? undefined : words;
}
