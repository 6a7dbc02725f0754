// Numbered-list markers: `1. `, `2) `, `(3) ` at the start of the text or of a line, after optional spaces
// or a markdown bullet (`- 1. `, `* 2) `). They order items and measure nothing: never a figure to redact,
// never a source figure. Read by character code: asked for every run of digits, so it answers from the
// character after the digits first.
import { isSpaceCode } from "./text.js";

/** Digits a list marker has at most (`999.`): a longer run at a line start (`2019. `) is a figure. */
const MAX_MARKER_DIGITS = 3;

const isBlank = (code: number): boolean => isSpaceCode(code) || code === 9;

/** `-`, `*`, `+`, `–`, `•`, `‣`, `◦`, `▪`: a markdown or typographic bullet. */
function isBullet(code: number): boolean {
  switch (code) {
    case 45:
    case 42:
    case 43:
    case 0x2013:
    case 0x2022:
    case 0x2023:
    case 0x25e6:
    case 0x25aa:
      return true;
    default:
      return false;
  }
}

/** Whether only blanks, or blanks around one bullet, lie between the start of the line and `at`. */
function atLineStart(text: string, at: number): boolean {
  let k = at;
  while (k > 0 && isBlank(text.charCodeAt(k - 1))) k--;
  if (k > 0 && isBullet(text.charCodeAt(k - 1)) && k < at) {
    k--;
    while (k > 0 && isBlank(text.charCodeAt(k - 1))) k--;
  }
  if (k === 0) return true;
  const c = text.charCodeAt(k - 1);
  return c === 10 || c === 13 || c === 0x2028 || c === 0x2029;
}

/**
 * The end of the list marker whose digits are `text[s, end)` (`1.`, `2)`, `(3)`), or -1 when they are no
 * marker. A marker is followed by a blank.
 */
export function listMarkerEnd(text: string, s: number, end: number): number {
  const after = text.charCodeAt(end);
  if (after !== 46 && after !== 41) return -1;
  if (end - s > MAX_MARKER_DIGITS || !isBlank(text.charCodeAt(end + 1))) return -1;
  for (let i = s; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) return -1;
  }
  const open = text.charCodeAt(s - 1) === 40;
  // `(3)` needs both brackets; `3)` and `3.` none before.
  if (open && after !== 41) return -1;
  return atLineStart(text, open ? s - 1 : s) ? end + 1 : -1;
}
