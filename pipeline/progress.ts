/** A one-line progress display on stderr, only when stderr is a terminal and progress is wanted. */
export function progress(wanted: boolean): ((message: string) => void) & { done(): void } {
  const active = wanted && process.stderr.isTTY === true;
  let shown = false;
  const report = (message: string) => {
    if (!active) return;
    process.stderr.write(`\r\x1b[2K${message}`);
    shown = true;
  };
  return Object.assign(report, {
    done() {
      if (shown) process.stderr.write("\r\x1b[2K");
    },
  });
}
