// URLs and e-mail addresses: spans whose digits (`/2021/03/post-42`, `jane2021@…`) are not figures.
import { isWordCode } from "./text.js";

// No `\b` before the scheme: `1.4.2https://…` and `[NUM_REDACTED]https://…` must
// mask the same text.
const MASK = /(?:(?:https?|ftp|ssh|git|s3|gs|file):\/\/|www\.)[^\s<>"'`]+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+/giu;

/** No masks: shared, never written to. */
const NONE: readonly [number, number][] = [];

/** `[\w.+-]` (before an address's `@`) or `[\w-]` (after it) as `MASK` reads them: `iu`, so any non-ASCII. */
function mayBeEmailCode(code: number, before: boolean): boolean {
  if (code >= 128) return true;
  if (isWordCode(code) || code === 45) return true;
  return before && (code === 46 || code === 43);
}

/**
 * Whether to run `MASK` at all: where it was run before (a scheme, `www.` or an `@`), less the texts where it
 * cannot match: an `@` between characters no address has, and no `www.` in any case.
 */
function mayMask(text: string): boolean {
  if (text.includes("://") || text.includes("www.")) return true;
  if (!text.includes("@")) return false;
  if (/www\./i.test(text)) return true;
  for (let at = text.indexOf("@"); at !== -1; at = text.indexOf("@", at + 1)) {
    if (
      at > 0 &&
      mayBeEmailCode(text.charCodeAt(at - 1), true) &&
      mayBeEmailCode(text.charCodeAt(at + 1), false)
    ) {
      return true;
    }
  }
  return false;
}

export function masksOf(text: string): readonly [number, number][] {
  // Package specifiers (`pg@^8.11.0`, `@aws-sdk/client-sqs`) have an `@` but are no address.
  if (!mayMask(text)) return NONE;
  return [...text.matchAll(MASK)].map((m) => [m.index, m.index + m[0].length] as [number, number]);
}

/** Whether a span overlaps one of `spans` (sorted, as found left to right). */
export function overlaps(spans: readonly [number, number][], w: { start: number; end: number }): boolean {
  if (spans.length === 0) return false;
  let lo = 0;
  let hi = spans.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (spans[mid]![1] <= w.start) lo = mid + 1;
    else hi = mid;
  }
  const span = spans[lo];
  return span !== undefined && span[0] < w.end;
}
