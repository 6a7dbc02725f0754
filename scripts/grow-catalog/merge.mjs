// Turns one source's candidate entries into catalog entries: a hand-written entry always wins, and a
// generated entry keeps only the keys no other entry already answers to.

/** Lowercase kebab-case, as catalog ids are written. */
export function kebabId(name) {
  return name
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

const LINKING_WORDS = new Set(["and", "for", "in", "of", "on", "the"]);

/**
 * How a generated name is read in prose: case-sensitively always (`harbor` is never Harbor). A name made
 * only of English words (`words`) is a word too: one such word alone (Score, Radius, Spin, Porter) is
 * never read in prose, since a number after it reads as a version (`Score 98`, `Radius 5 km`); several
 * (Cloud Custodian) are a technology only where the sentence uses them as one (`ambiguous: { word }`).
 */
export function proseRule(names, words) {
  const wordsOf = (n) => n.toLowerCase().split(/[\s-]+/);
  const plain = names.filter((n) => wordsOf(n).every((w) => words.has(w) || LINKING_WORDS.has(w)));
  if (plain.includes(names[0]) && wordsOf(names[0]).length === 1) return { text: "none" };
  return { text: "exact", ...(plain.length > 0 ? { ambiguous: { word: plain } } : {}) };
}

/**
 * Candidates → entries. A candidate whose id, name, alias or any key is already an entry's is left to that
 * entry (with the keys it lacks, to add by hand). `umbrellas` are ids whose wildcard keys cover a whole
 * vendor (`@aws-sdk/*` is AWS): a key they answer to is still free for the one service it names.
 */
export function mergeCandidates(candidates, index, umbrellas) {
  const entries = [];
  const skipped = [];
  for (const candidate of candidates) {
    const names = [candidate.name, ...(candidate.aliases ?? [])];
    const owner = candidate.sameAs ?? (index.ids.has(candidate.id) ? candidate.id : index.owner(names));
    if (owner) {
      skipped.push({ name: candidate.name, owner, missing: missingKeys(candidate.keys, owner, index) });
      continue;
    }
    // One key another entry answers to makes the candidate that technology (SSM is AWS Systems Manager).
    const holders = new Set(
      Object.entries(candidate.keys).flatMap(([space, list]) =>
        list.flatMap((key) => index.lookup(space, key).filter((id) => !umbrellas.has(id))),
      ),
    );
    if (holders.size > 0 || Object.keys(candidate.keys).length === 0) {
      const owner = [...holders].sort().join(", ");
      const missing = holders.size === 1 ? missingKeys(candidate.keys, owner, index) : [];
      skipped.push({ name: candidate.name, owner, missing });
      continue;
    }
    index.add(candidate);
    entries.push(candidate);
  }
  return { entries, skipped };
}

/** The candidate's keys that do not reveal the entry already holding its name: to add to it by hand. */
function missingKeys(keys, owner, index) {
  return Object.entries(keys).flatMap(([space, list]) =>
    list.filter((key) => !index.lookup(space, key).includes(owner)).map((key) => `${space}: ${key}`),
  );
}
