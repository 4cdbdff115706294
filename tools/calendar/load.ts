/**
 * Reading a calendar from where the user keeps it: an .ics file, or an http(s) URL
 * (webcal:// is https://) fetched with Node's fetch and a timeout. Errors are one line.
 */
import { readFile } from "node:fs/promises";
import { NotFoundError, UsageError, shown } from "../errors.js";

const FETCH_TIMEOUT_MS = 15_000;

function isUrl(source: string): boolean {
  return /^(?:https?|webcal):\/\//i.test(source);
}

export async function loadCalendarText(source: string, options: { timeoutMs?: number; signal?: AbortSignal } = {}): Promise<string> {
  if (!isUrl(source)) {
    try {
      return await readFile(source, "utf8");
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOENT") throw new NotFoundError(`no calendar file: expected an .ics file or an http(s) URL, received ${shown(source)}`);
      throw new UsageError(`cannot read the calendar ${shown(source)}: ${(error as Error).message}`);
    }
  }
  const url = source.replace(/^webcal:/i, "https:");
  const timeout = AbortSignal.timeout(options.timeoutMs ?? FETCH_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(url, { signal, headers: { accept: "text/calendar, */*;q=0.5" } });
  } catch (error) {
    const why = timeout.aborted ? `no answer within ${options.timeoutMs ?? FETCH_TIMEOUT_MS} ms` : ((error as Error).cause as Error | undefined)?.message ?? (error as Error).message;
    throw new UsageError(`cannot fetch the calendar ${shown(url)}: ${why}`);
  }
  if (!response.ok) throw new UsageError(`cannot fetch the calendar ${shown(url)}: expected HTTP 200, received HTTP ${response.status}`);
  return await response.text();
}
