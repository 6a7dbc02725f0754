// Currency, sign or `#` written before a figure's digits (`$`, `$ `, `US$`, `USD `, `-`, `#3`). Currencies
// come from one table (currency.ts).
import { currencyBefore } from "./currency.js";
import type { Reading } from "./reading.js";
import { isGlue } from "./text.js";

/**
 * Currency, sign or `#` written before the number, never reaching back before `floor` (the end of what was
 * read before: `5 USD 3` is `5 USD` and `3`, not two figures sharing `USD`). A plain `$` before a figure
 * whose own words name a dollar (`$5 CAD`) takes that currency.
 */
export function readPrefix(text: string, d: Reading, floor = 0): void {
  const currency = currencyBefore(text, d.start, floor);
  if (currency) {
    const named = d.unit?.kind === "money" ? d.unit.unit : undefined;
    d.currency = named !== undefined && currency.unit === "$" ? named : currency.unit;
    d.start = currency.start;
  }
  const sign = text[d.start - 1];
  if ((sign === "+" || sign === "-" || sign === "−") && !isGlue(text.charCodeAt(d.start - 2))) {
    d.start -= 1;
  } else if (sign === "#" && !d.currency) {
    d.kind = "rank";
    d.start -= 1;
  }
}
