// What a job post offers or how to apply is not something the candidate must show: benefits, pay,
// equity, time off, equal-opportunity statements, application steps. A line under such a heading is none
// of the job's requirements (not even a laptop it names), nor a line that says one of these in so many
// words wherever it stands. Duties that only mention pay ("Build the payroll service that computes
// salaries") are left alone: the phrases below need the offer's own words.

/** Headings of the parts of a post that tell what the employer gives, not what it asks. */
const OFFER_PHRASE =
  /\b(benefits|perks|compensation|total rewards|what we offer|we offer|our offer|how to apply|application process|equal (employment )?opportunity|eeo( statement)?|why (join|work (with|for|at)) us|what'?s in it for you)\b/i;
/** Short words that are such a heading only when they are the whole of it ("Pay", not "Northwind Pay"). */
const OFFER_HEADING =
  /^(the )?(offer|pay|salary|culture|our culture|rewards|apply|diversity( (and|&) inclusion)?|inclusion|life at [\p{L}\p{N} .&'-]+)$/iu;

/** Sentences that make an offer or give the application's steps, wherever they stand. */
const OFFER_LINE: readonly RegExp[] = [
  /\b401\s*\(?k\)?/i,
  /\b(medical|dental|vision|health|life|disability)\b[^.]{0,40}\binsurance\b/i,
  /\b(paid time off|pto|paid vacation|vacation days|paid holidays|sick days)\b/i,
  /\b(parental|maternity|paternity|family) leave\b/i,
  /\b(salary|compensation|pay|base) (range|band)s?\b/i,
  /\$\s?\d[\d,.]*\s?[kK]?\s?(?:-|–|—|to)\s?\$?\s?\d[\d,.]*\s?[kK]?\b/,
  /\bcompetitive (salary|pay|compensation|benefits|package)\b/i,
  /\bequity (in|package|grant|stake)\b|\b(stock options|rsus?|employee stock)\b/i,
  /\b(learning|education|training|conference|home[- ]office|wellness|gym|fitness|remote work) (budget|stipend|allowance)\b/i,
  /\b(quarterly|annual|yearly) (offsites?|retreats?)\b/i,
  /\bequal (employment )?opportunity\b|\bwe (celebrate|value|embrace) diversity\b|\breasonable accommodations?\b/i,
  /\b(send|email|submit|mail)( us)? (your|a) (resume|cv|cover letter|application|portfolio)\b/i,
  /\b(to apply|apply (now|here|today|online|via|at|through|on))\b/i,
  /\bvisa sponsorship\b|\brelocation (package|assistance|support)\b/i,
];

/**
 * Whether a line of the post (with its nearest heading) offers something or tells how to apply. The post's
 * title heading says nothing of the kind: a company may be called "Northwind Pay".
 */
export function isOffer(line: { text: string; section: string }, title?: string): boolean {
  if (line.section && line.section !== title && isOfferHeading(line.section)) return true;
  return OFFER_LINE.some((cue) => cue.test(line.text));
}

function isOfferHeading(heading: string): boolean {
  const bare = heading
    .replace(/[^\p{L}\p{N}&'() -]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  return OFFER_PHRASE.test(bare) || OFFER_HEADING.test(bare);
}
