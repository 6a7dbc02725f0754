// `vouch extract … --json | head -1`: the reader closes the pipe after one line, and the next write to
// stdout fails with EPIPE. Node raises that as an 'error' event nobody listens to, which crashes the
// process with a stack trace. A reader that went away is not a failure of vouch: end quietly.

/** Listen for EPIPE on the given streams (stdout, stderr) once for the whole CLI; call `exit` when it comes. */
export function endQuietlyOnClosedPipe(
  streams: readonly NodeJS.EventEmitter[],
  exit: (code: number) => void,
): void {
  for (const stream of streams) {
    stream.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "EPIPE") throw error; // anything else is as loud as before
      exit(0);
    });
  }
}
