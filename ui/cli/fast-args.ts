/**
 * The few options of the fast paths (fast-log, fast-query), parsed without commander.
 * Anything this does not know (help, an unknown option, a missing value) gives
 * undefined, and the full CLI handles the call with its usual messages.
 */
export interface FastArgs {
  command: string | undefined;
  words: string[];
  /** The last value of each option (as commander keeps it). */
  options: Record<string, string | true>;
  /** Every value of each valued option, in order (a repeatable option: `world spawn --env A=1 --env B=2`). */
  lists: Record<string, string[]>;
}

export function parseFastArgs(argv: readonly string[], booleans: ReadonlySet<string>, valued: ReadonlySet<string>): FastArgs | undefined {
  const options: Record<string, string | true> = {};
  const lists: Record<string, string[]> = {};
  const words: string[] = [];
  let command: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--") {
      words.push(...argv.slice(i + 1));
      break;
    }
    if (arg.startsWith("-") && arg.length > 1 && !/^-\d/.test(arg)) {
      const eq = arg.indexOf("=");
      const [name, inline] = eq >= 0 ? [arg.slice(0, eq), arg.slice(eq + 1)] : [arg, undefined];
      if (booleans.has(name) && inline === undefined) options[name.replace(/^-+/, "")] = true;
      else if (valued.has(name) && (inline !== undefined || i + 1 < argv.length)) {
        const value = inline ?? argv[++i]!;
        options[name.slice(2)] = value;
        (lists[name.slice(2)] ??= []).push(value);
      }
      else return undefined;
    } else if (command === undefined) command = arg;
    else words.push(arg);
  }
  return { command, words, options, lists };
}
