/**
 * compromise, the English parser the Spirit's questions are built with (spirit/language/question.ts):
 * its tagger only (`compromise/two`), since the tags are all the questions need and it
 * parses about a third faster than the full build. Loaded on first use: it takes ~250 ms
 * to load and ~30 MB, which the CLI's fast paths and an idle Spirit must not pay. The daemon
 * warms it in the background at the first voice line it hears (spirit/daemon/spirit.ts), while
 * that line's intent is detected.
 */
export type Nlp = typeof import("compromise/two").default;

let loading: Promise<Nlp> | undefined;

/** compromise, imported once. */
export function loadNlp(): Promise<Nlp> {
  return (loading ??= import("compromise/two").then((m) => m.default));
}

/**
 * Loads compromise and parses one sentence (its first parse builds the lexicon: tens of
 * ms more), without blocking the caller. Errors are left to the first real use.
 */
let warming = false;

export function warmNlp(): void {
  if (warming) return;
  warming = true;
  setImmediate(() => {
    loadNlp().then(
      (nlp) => void nlp("I will book a table for three tomorrow").json(),
      () => undefined,
    );
  });
}
