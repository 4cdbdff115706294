/** The texts of the legacy-lines attack: backslashes that our escaping would read as escapes. */

/** What the older tool writes as line `old-<n>`: every 7th over 4 KiB (written in pieces). */
export function olderToolText(n: number): string {
  const path = String.raw`copied C:\temp\new\n${n} to \\server\share\t${n} \u0041 \| need: x`;
  return n % 7 === 3 ? `${path} ${String.raw`D:\long\path`.repeat(600)} end-${n}` : path;
}

/** What our writer `w` appends as its line `i` (escaped by our appender, decoded by readers). */
export function ourText(writer: string, i: number): string {
  return String.raw`${writer}:${i} C:\temp\new` + (i % 5 === 0 ? "\nand a second line\t!" : "");
}
