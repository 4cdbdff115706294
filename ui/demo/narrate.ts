/**
 * The demo's voice: step titles, one narration line per thing that happened, the
 * commands it runs (as a person would type them), and the log lines as `world tail -f`
 * shows them (escaped by showEntry; colours only on a terminal).
 */
import type { Located } from "../../tools/world/entry.js";
import { showEntry } from "../cli/show.js";

const STEPS = 4;

export class Narrator {
  constructor(
    private readonly write: (line: string) => void,
    readonly colour: boolean,
  ) {}

  private paint(code: string, text: string): string {
    return this.colour ? `\x1b[${code}m${text}\x1b[0m` : text;
  }

  /** The demo's first line. */
  title(text: string): void {
    this.write(this.paint("1", safe(text)));
  }

  /** "[2/4] The conversation" */
  step(n: number, title: string): void {
    this.write("");
    this.write(this.paint("1", `[${n}/${STEPS}] ${title}`));
  }

  /** What just happened, in words. */
  say(text: string): void {
    this.write(`${this.paint("1;32", "  →")} ${safe(text)}`);
  }

  /** A command the demo runs, shown the way one would type it (display only: never run through a shell). */
  command(words: readonly string[]): void {
    this.write(this.paint("2", `  $ ${safe(words.map(shellQuote).join(" "))}`));
  }

  /** A line of world.log, as `world tail -f` prints it. */
  entry(e: Located): void {
    this.write(`    ${showEntry(e, { colour: this.colour })}`);
  }

  /** Plain lines (the summary, the grep recipes). */
  line(text = ""): void {
    this.write(text === "" ? "" : `  ${safe(text)}`);
  }
}

/**
 * Narration may carry a path or an id from outside: control characters are shown as
 * \uXXXX, so nothing printed can move the cursor or colour the terminal. Backslashes stay
 * as they are (a grep recipe must be copyable); log lines go through showEntry instead.
 */
function safe(text: string): string {
  return text.replace(/[\x00-\x1f\x7f-\x9f\u2028\u2029]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

export function shellQuote(word: string): string {
  return /^[A-Za-z0-9_./:=@%+,-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
