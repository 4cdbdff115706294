/**
 * Command text ⇄ argv, without a shell.
 *
 * `splitCommand` reads what a person types (`git log -n 3 "my file"`) into an argv array:
 * whitespace separates words, single quotes keep everything literally, double quotes
 * keep everything but `\"` and `\\`, a backslash outside quotes escapes the next
 * character. Nothing is expanded. Shell operators (`|`, `;`, `&`, `>`, `<`, `` ` ``,
 * `$(`) outside quotes are refused rather than passed on as words, because the person
 * surely meant a pipeline, which this runner does not do.
 *
 * `showCommand` renders an argv so that a human can read it (and paste it into a shell):
 * words with special characters are single-quoted.
 */

export class CommandSyntaxError extends Error {}

const OPERATOR = /[|;&<>`]|\$\(/;

export function splitCommand(text: string): string[] {
  const words: string[] = [];
  let word = "";
  let inWord = false;
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (/\s/.test(ch)) {
      if (inWord) words.push(word);
      word = "";
      inWord = false;
      i += 1;
    } else if (ch === "'") {
      const close = text.indexOf("'", i + 1);
      if (close === -1) throw new CommandSyntaxError(`unclosed single quote at character ${i + 1}`);
      word += text.slice(i + 1, close);
      inWord = true;
      i = close + 1;
    } else if (ch === '"') {
      let j = i + 1;
      for (; j < text.length && text[j] !== '"'; j++) {
        if (text[j] === "\\" && (text[j + 1] === '"' || text[j + 1] === "\\")) j += 1;
        word += text[j];
      }
      if (j >= text.length) throw new CommandSyntaxError(`unclosed double quote at character ${i + 1}`);
      inWord = true;
      i = j + 1;
    } else if (ch === "\\" && i + 1 < text.length) {
      word += text[i + 1];
      inWord = true;
      i += 2;
    } else {
      const rest = text.slice(i);
      if (OPERATOR.test(rest[0]!) || rest.startsWith("$(")) {
        throw new CommandSyntaxError(`shell operator ${JSON.stringify(rest.startsWith("$(") ? "$(" : ch)} at character ${i + 1}: only one plain command is run, with no shell`);
      }
      word += ch;
      inWord = true;
      i += 1;
    }
  }
  if (inWord) words.push(word);
  return words;
}

const PLAIN = /^[A-Za-z0-9_@%+=:,./-]+$/;

/** An argv as one readable line: `git log -n 3 'my file'`. */
export function showCommand(argv: readonly string[]): string {
  return argv.map((w) => (PLAIN.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`)).join(" ");
}
