/**
 * A one-line progress display on stderr, only when a person is watching: progress is wanted (not --json)
 * and both stdout and stderr are terminals (quiet when the output is piped or redirected).
 */
export function progress(
  wanted: boolean,
  streams: { stdout: { isTTY?: boolean }; stderr: NodeJS.WritableStream & { isTTY?: boolean } } = process,
): ((message: string) => void) & { done(): void } {
  const active = wanted && streams.stdout.isTTY === true && streams.stderr.isTTY === true;
  let shown = false;
  const report = (message: string) => {
    if (!active) return;
    streams.stderr.write(`\r\x1b[2K${message}`);
    shown = true;
  };
  return Object.assign(report, {
    done() {
      if (shown) streams.stderr.write("\r\x1b[2K");
    },
  });
}
