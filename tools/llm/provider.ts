/**
 * The model provider: one Anthropic client built from the environment, shared by the
 * Verifier's judge and the Spirit. Offline by default: without ANTHROPIC_API_KEY there is
 * no client and callers use their offline path (and say so).
 *
 *   ANTHROPIC_API_KEY   turns the Claude paths on
 *   ANTHROPIC_BASE_URL  another endpoint (tests point it at a local fake server)
 *   WORLD_MODEL         the model id (default DEFAULT_MODEL)
 *
 * The SDK itself (~170 ms to load) is loaded only when a key is set: offline, the Spirit,
 * the Verifier and the agents start without it (npm run bench -- startup).
 */
import { createRequire } from "node:module";
import type Anthropic from "@anthropic-ai/sdk";
import type { Middleware } from "@anthropic-ai/sdk";

let sdk: typeof Anthropic | undefined;

/** The SDK's class, with its error classes, loaded on first use (its CommonJS build: synchronous). */
export function anthropicSdk(): typeof Anthropic {
  sdk ??= createRequire(import.meta.url)("@anthropic-ai/sdk") as typeof Anthropic;
  return sdk;
}

/**
 * The default model: a current one, not on the SDK's list of deprecated models (its
 * messages.js DEPRECATED_MODELS; test/tools/llm/provider.test.ts reads that list).
 * `claude-sonnet-4-5` was the default until the SDK listed it for end of life on 2026-11-30.
 */
export const DEFAULT_MODEL = "claude-sonnet-5-5";

export function modelFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  const model = env.WORLD_MODEL?.trim();
  return model ? model : DEFAULT_MODEL;
}

export interface ProviderOptions {
  /** Retries of the SDK itself on 429/5xx/529 (default 2, with its own backoff). */
  maxRetries?: number;
  /** Per-request timeout in ms (default 60 s: a judge or a Spirit turn must not hang a daemon). */
  timeoutMs?: number;
  env?: NodeJS.ProcessEnv;
  /** Wrapped around every request (tools/llm/recording.ts records them). */
  middleware?: Middleware[];
}

export function anthropicFromEnv(options: ProviderOptions = {}): Anthropic | undefined {
  const env = options.env ?? process.env;
  const apiKey = env.ANTHROPIC_API_KEY?.trim();
  if (!apiKey) return undefined;
  const baseURL = env.ANTHROPIC_BASE_URL?.trim();
  const Sdk = anthropicSdk();
  return new Sdk({
    apiKey,
    ...(baseURL ? { baseURL } : {}),
    maxRetries: options.maxRetries ?? 2,
    timeout: options.timeoutMs ?? 60_000,
    ...(options.middleware && { middleware: options.middleware }),
  });
}

function warnOnStderr(warning: string): void {
  process.stderr.write(`world: warning: ${warning}\n`);
}

/** Warnings the SDK printed, each said once per process (not on every call). */
const warned = new Set<string>();

/**
 * Runs `call` (one SDK request, started synchronously) with the SDK's console warnings
 * caught: the SDK prints "The model … is deprecated" on every `messages.create`, so a
 * daemon's stderr would repeat it for every utterance. Each distinct warning goes to `say`
 * once per process (the caller's operational log); later repeats are dropped.
 */
export function withSdkWarnings<T>(call: () => T, say: (warning: string) => void = warnOnStderr): T {
  const original = console.warn;
  console.warn = (...args: unknown[]) => {
    const text = args.map(String).join(" ").replace(/\s+/g, " ").trim();
    if (warned.has(text)) return;
    warned.add(text);
    say(text);
  };
  try {
    return call();
  } finally {
    console.warn = original;
  }
}

export type { Anthropic };
