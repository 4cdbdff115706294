/**
 * The error hierarchy. Every failure a user can cause is a WorldError with an exit
 * code and a one-line message (what was wrong, what was expected, what was received).
 * The entries turn them into an exit code through tools/report.ts: bin/world.ts for the
 * CLI, spirit/daemon/main.ts for the Spirit run on its own.
 */

export const ExitCode = {
  ok: 0,
  internal: 1,
  usage: 2,
  refused: 3,
  notFound: 4,
} as const;
export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode];

export class WorldError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCodeValue,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** Bad arguments or bad input: the caller can fix it. Exit 2. */
export class UsageError extends WorldError {
  constructor(message: string) {
    super(message, ExitCode.usage);
  }
}

/** A well-formed request the world refuses (lifecycle, state). Exit 3. */
export class RefusedError extends WorldError {
  constructor(message: string) {
    super(message, ExitCode.refused);
  }
}

/** The thing asked about does not exist (session, reader, attachment). Exit 4. */
export class NotFoundError extends WorldError {
  constructor(message: string) {
    super(message, ExitCode.notFound);
  }
}

/** A bug or an environment failure, not the user's fault. Exit 1. */
export class InternalError extends WorldError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, ExitCode.internal);
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}

/** Show a received value in an error message: quoted, escaped, and cut short. */
export function shown(value: unknown, max = 60): string {
  const text = typeof value === "string" ? JSON.stringify(value) : String(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
