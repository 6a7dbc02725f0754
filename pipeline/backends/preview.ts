// The start of what a model service sent back, for a log line when the answer cannot be used.

export const PREVIEW_CHARS = 200;

/** The first 200 characters of a value as JSON (a string is shown as it is). */
export function preview(value: unknown): string {
  let text: string;
  try {
    text = typeof value === "string" ? value : (JSON.stringify(value) ?? String(value));
  } catch {
    text = String(value); // cyclic or BigInt: still say something
  }
  return text.slice(0, PREVIEW_CHARS);
}
