// Dates written with a month word, as many published resumes write them ("March 2020"), read as JSON
// Resume's ISO dates; the profile's reader says so once.
const MONTHS = [
  /^jan(?:uary)?$/i,
  /^feb(?:ruary)?$/i,
  /^mar(?:ch)?$/i,
  /^apr(?:il)?$/i,
  /^may$/i,
  /^june?$/i,
  /^july?$/i,
  /^aug(?:ust)?$/i,
  /^sep(?:t(?:ember)?)?$/i,
  /^oct(?:ober)?$/i,
  /^nov(?:ember)?$/i,
  /^dec(?:ember)?$/i,
];
/** A month written as a word, as many published resumes do: "March 2020", "Sept. 2019", "mar 2020". */
const WORDED_DATE = /^\s*(\p{L}{3,9})\.?\s+(\d{4})\s*$/u;

/** "March 2020" as 2020-03; anything else as given. */
export function readWordedDate(value: string): string {
  const m = WORDED_DATE.exec(value);
  const month = m ? MONTHS.findIndex((name) => name.test(m[1]!)) : -1;
  return m && month >= 0 ? `${m[2]}-${String(month + 1).padStart(2, "0")}` : value;
}
