// Currency, sign or `#` written before a figure's digits (`$`, `USD `, `-`, `#3`).
import type { Reading } from "./reading.js";
import { isGlue } from "./text.js";
import { CURRENCY_PREFIX, currencyUnit } from "./units.js";

/** The last characters a currency written before a number can end with (`$`, `€`, `USD`, `USD `). */
function mayEndCurrency(code: number): boolean {
  switch (code) {
    case 36: // $
    case 0x20ac: // €
    case 0xa3: // £
    case 0xa5: // ¥
    case 0x20b9: // ₹
    case 68: // USD
    case 82: // EUR
    case 80: // GBP
    case 32: // `USD 3M`
      return true;
    default:
      return false;
  }
}

/** Currency, sign or `#` written before the number. */
export function readPrefix(text: string, d: Reading): void {
  const before = text.charCodeAt(d.start - 1);
  // After a space only `USD `, `EUR `, `GBP ` can be a currency: most figures follow a space.
  const after = before === 32 ? text.charCodeAt(d.start - 2) : before;
  if (
    d.start > 0 &&
    mayEndCurrency(before) &&
    (before !== 32 || after === 68 || after === 82 || after === 80)
  ) {
    const currency = CURRENCY_PREFIX.exec(text.slice(Math.max(0, d.start - 4), d.start));
    if (currency) {
      d.currency = currencyUnit(currency[0]);
      d.start -= currency[0].length;
    }
  }
  const sign = text[d.start - 1];
  if ((sign === "+" || sign === "-" || sign === "−") && !isGlue(text.charCodeAt(d.start - 2))) {
    d.start -= 1;
  } else if (sign === "#" && !d.currency) {
    d.kind = "rank";
    d.start -= 1;
  }
}
