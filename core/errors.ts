/** Exit codes of the CLI (DESIGN.md): one place maps typed errors to them. */
export const EXIT = { ok: 0, problem: 1, badInput: 2, service: 3 } as const;

/** An error the user can act on: one clear sentence naming the file, line or field. */
export class VouchError extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2 | 3 = EXIT.badInput,
  ) {
    super(message);
    this.name = "VouchError";
  }
}

/** Bad input or usage (exit 2). */
export class InputError extends VouchError {
  constructor(message: string) {
    super(message, EXIT.badInput);
    this.name = "InputError";
  }
}

/** An external service failed after retries (exit 3). */
export class ServiceError extends VouchError {
  constructor(message: string) {
    super(message, EXIT.service);
    this.name = "ServiceError";
  }
}
