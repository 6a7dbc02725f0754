// Scores one corpus item (test/fixtures/corpus/<item>/): which honest changed strings a run cut and which
// planted lies it let through, read from the run's resume and the item's files. Pure, for bench-corpus.mjs
// and the corpus test alike. Strings are compared by content, not by path: guards remove items and so
// move the paths after them.

/** Every string leaf of a JSON value, with its path (`work[0].highlights[2]`). */
export function leaves(value, path = "", out = []) {
  if (typeof value === "string") out.push({ path, text: value });
  else if (Array.isArray(value)) value.forEach((v, i) => leaves(v, `${path}[${i}]`, out));
  else if (value && typeof value === "object")
    for (const [k, v] of Object.entries(value)) leaves(v, path ? `${path}.${k}` : k, out);
  return out;
}

/** The value at a path, or undefined. */
export function at(value, path) {
  for (const part of path.match(/[^.[\]]+/g) ?? []) {
    if (value === undefined || value === null) return undefined;
    value = value[/^\d+$/.test(part) ? Number(part) : part];
  }
  return value;
}

// Fields that are the profile's record as written, where a lie is the whole value.
const WHOLE =
  /(?:\.position|\.startDate|\.endDate|\.label|\.studyType|\.area|\.score|\.gpa|\.name|\.company)$/;

/**
 * @param item {{ profile, honest, lying, honestLabels, lies }} the item's parsed files
 * @param runs {{ honest, lying }} the resume each draft came out as
 */
export function scoreItem(item, runs) {
  const profileTexts = new Set(leaves(item.profile).map((l) => l.text));
  const kindOf = new Map((item.honestLabels ?? []).map((h) => [h.field, h.change]));
  const survivors = (resume) => new Set(leaves(resume).map((l) => l.text));

  const changed = leaves(item.honest).filter((l) => !profileTexts.has(l.text) && l.text.trim() !== "");
  const kept = survivors(runs.honest);
  const honest = changed.map((l) => ({
    field: l.path,
    text: l.text,
    change: kindOf.get(l.path) ?? "other",
    cut: !kept.has(l.text),
  }));

  const lieFields = new Set(item.lies.map((l) => l.field));
  const keptLying = survivors(runs.lying);
  const collateral = leaves(item.lying)
    .filter((l) => !lieFields.has(l.path) && !profileTexts.has(l.text) && l.text.trim() !== "")
    .map((l) => ({ field: l.path, text: l.text, cut: !keptLying.has(l.text) }));

  // A lie lives only in a string the lying draft changed: the profile's and the honest draft's own strings
  // may hold the same words truly ("and Dapper" in the job that used it).
  const honestTexts = new Set(leaves(item.honest).map((l) => l.text));
  const outputStrings = leaves(runs.lying).filter(
    (l) => !profileTexts.has(l.text) && !honestTexts.has(l.text),
  );
  const lies = item.lies.map((lie) => {
    const whole = WHOLE.test(lie.field) || at(item.lying, lie.field) === lie.claim;
    const through = whole
      ? at(runs.lying, lie.field) === lie.claim
      : outputStrings.some((l) => l.text.includes(lie.claim));
    return { ...lie, caught: !through };
  });
  return { honest, collateral, lies };
}

/** Counts by a key: `{ key: [hits, total] }`. */
export function tally(rows, keyOf, hit) {
  const out = {};
  for (const row of rows) {
    const k = keyOf(row);
    out[k] ??= [0, 0];
    if (hit(row)) out[k][0]++;
    out[k][1]++;
  }
  return out;
}
