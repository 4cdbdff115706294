/**
 * Regular expressions from needs, matched with a deadline. JavaScript's engine backtracks:
 * `/^(a+)+$/` on 30 characters once froze every verdict for 46 s. A linear-time engine
 * (re2) is a native addon; instead each match runs in a worker thread that is terminated
 * when the deadline passes (and bounded in memory), so a poisoned pattern costs one
 * check its deadline and never blocks the Verifier's own thread.
 */
import { Worker } from "node:worker_threads";

/** How long a worker may take to start before the match is given up (not the match's deadline). */
const WORKER_START_MS = 30_000;

export type MatchResult = { done: true; matched: boolean } | { done: false; why: string };

// CommonJS, evaluated in the worker: only the pattern, its flags and the texts cross over.
const MATCHER = `
const { parentPort, workerData } = require("node:worker_threads");
const re = new RegExp(workerData.source, workerData.flags);
parentPort.postMessage(workerData.texts.some((t) => re.test(t)));
`;

/** Does `re` match any of `texts`, within `deadlineMs`? */
export function matchWithin(re: RegExp, texts: readonly string[], deadlineMs: number): Promise<MatchResult> {
  if (texts.length === 0) return Promise.resolve({ done: true, matched: false });
  return new Promise((resolve) => {
    const worker = new Worker(MATCHER, {
      eval: true,
      workerData: { source: re.source, flags: re.flags, texts },
      resourceLimits: { maxOldGenerationSizeMb: 256 },
    });
    let settled = false;
    const settle = (result: MatchResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(result);
    };
    // The deadline is the match's, counted from when the worker runs: on a busy machine, with
    // several judgements at once (session-pool.ts), starting a worker alone can take seconds.
    let timer = setTimeout(() => settle({ done: false, why: `could not be matched: its worker did not start within ${WORKER_START_MS} ms` }), WORKER_START_MS);
    worker.once("online", () => {
      clearTimeout(timer);
      timer = setTimeout(() => settle({ done: false, why: `took longer than ${deadlineMs} ms (a pattern that backtracks? stopped)` }), deadlineMs);
    });
    worker.once("message", (matched: boolean) => settle({ done: true, matched }));
    worker.once("error", (error) => settle({ done: false, why: `could not be matched: ${error.message}` }));
    worker.once("exit", () => settle({ done: false, why: "could not be matched: its worker ended" }));
  });
}
