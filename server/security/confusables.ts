// Letters of other scripts that look like Latin ones (Cyrillic "о", Greek "ο", Cyrillic "і") read as the
// Latin letter, from Unicode's confusables table (the unhomoglyph package). Only characters outside ASCII
// are mapped, and only to ASCII: the table's own ASCII entries (`m` → `rn`, `I` → `l`) would garble plain
// English. Case is kept by mapping the lower-case letter and upper-casing the result.
import unhomoglyph from "unhomoglyph";

const NON_ASCII = /[\u0080-\u{10ffff}]/gu;
const PRINTABLE_ASCII = /^[\x20-\x7e]+$/;
const mapped = new Map<string, string>();

function latinOf(char: string): string {
  let out = mapped.get(char);
  if (out === undefined) {
    const lower = char.toLowerCase();
    const skeleton = unhomoglyph(lower);
    out = skeleton !== lower && PRINTABLE_ASCII.test(skeleton) ? skeleton : char;
    if (out !== char && lower !== char) out = out.toUpperCase();
    mapped.set(char, out);
  }
  return out;
}

/** The text with look-alike letters of other scripts as the Latin letters they imitate. */
export function latinLookalikes(text: string): string {
  return text.replace(NON_ASCII, latinOf);
}
