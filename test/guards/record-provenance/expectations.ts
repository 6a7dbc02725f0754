// What record-provenance's properties compare: the guarded record against the profile, the prose
// against the draft.
import { expect } from "vitest";
import { nameKey } from "../../../guards/record-provenance/normalise.js";
import { canonicalJson } from "../../../guards/redaction-record.js";
import type { JsonResume } from "../../../core/resume.js";
import type { Entry, Section } from "./pools.js";
import { SECTIONS, PROSE_KEYS, SUBSETS, IDENTITY, KEEP_ALL } from "./pools.js";
import { listOf } from "./arbitraries.js";

export const without = (entry: Entry, keys: readonly string[]): Entry =>
  Object.fromEntries(Object.entries(entry).filter(([k]) => !keys.includes(k)));
export const only = (entry: Entry, keys: readonly string[]): Entry =>
  Object.fromEntries(Object.entries(entry).filter(([k]) => keys.includes(k)));
export const sorted = (values: string[]) => [...values].sort();

/** Each entry's record (its non-prose fields, lists it may shorten aside), key order aside: a multiset. */
export const recordsOf = (list: readonly Entry[], section: Section) =>
  sorted(list.map((e) => canonicalJson(without(e, [...PROSE_KEYS[section], ...(SUBSETS[section] ?? [])]))));

/** Whether `small` is a sub-multiset of `big`. */
export function within(small: readonly string[], big: readonly string[]): boolean {
  const left = [...big];
  for (const item of small) {
    const i = left.indexOf(item);
    if (i === -1) return false;
    left.splice(i, 1);
  }
  return true;
}

/**
 * The guard only removes draft entries, mends their record fields and puts back whole profile entries: so
 * the output, in order, is draft entries (the same one: same name, or same start month when the draft's has
 * no name or, `renamed`, another one; with their prose exactly as the draft has it, keys present or not)
 * and profile entries put back verbatim.
 */
export function proseKeptInOrder(
  out: Entry[],
  draft: Entry[],
  profile: Entry[],
  section: Section,
  renamed = true,
): boolean {
  const prose = PROSE_KEYS[section];
  const id = IDENTITY[section];
  const proseOf = (e: Entry) => JSON.stringify(only(e, prose));
  const same = (o: Entry, d: Entry) =>
    (nameKey(o[id]) !== "" && nameKey(o[id]) === nameKey(d[id])) ||
    ((renamed || nameKey(d[id]) === "") && d.startDate !== undefined && d.startDate === o.startDate);
  const putBack = (o: Entry) => profile.some((p) => JSON.stringify(p) === JSON.stringify(o));
  const failed = new Set<string>();
  const fits = (k: number, j: number): boolean => {
    if (k === out.length) return true;
    if (failed.has(`${k},${j}`)) return false;
    const o = out[k]!;
    let ok = putBack(o) && fits(k + 1, j);
    for (let d = j; !ok && d < draft.length; d++) {
      ok = proseOf(draft[d]!) === proseOf(o) && same(o, draft[d]!) && fits(k + 1, d + 1);
    }
    if (!ok) failed.add(`${k},${j}`);
    return ok;
  };
  return fits(0, 0);
}

export const BASICS_PROSE = ["summary", "label"];

export function heldTitles(profile: JsonResume): Set<string> {
  return new Set(
    [profile.basics?.label, ...(profile.work ?? []).map((w) => w.position)]
      .filter((t): t is string => typeof t === "string")
      .map(nameKey),
  );
}

/** Property A on one case: the guarded record is the profile's, the prose the draft's. */
export function expectRecordKept(out: JsonResume, draft: JsonResume, profile: JsonResume): void {
  for (const section of SECTIONS) {
    const mine = listOf(profile, section) ?? [];
    const theirs = listOf(draft, section);
    const got = listOf(out, section);
    if (got === undefined) {
      // Left out by the draft: allowed only where the profile has nothing that must stay.
      expect(out[section], section).toBeUndefined();
      if (KEEP_ALL.has(section)) expect(mine, `${section} dropped whole`).toEqual([]);
      continue;
    }
    if (theirs === undefined) {
      // Dropped whole by the draft, put back whole.
      expect(JSON.stringify(got), section).toBe(JSON.stringify(mine));
      continue;
    }
    if (KEEP_ALL.has(section)) {
      // Every entry's record is the profile's: nothing invented, nothing dropped, nothing twice.
      expect(recordsOf(got, section), section).toEqual(recordsOf(mine, section));
    } else {
      expect(within(recordsOf(got, section), recordsOf(mine, section)), section).toBe(true);
    }
    expect(proseKeptInOrder(got, theirs, mine, section), `${section}: prose kept in order`).toBe(true);
    // A list the writer may shorten holds nothing the profile's entry of that name does not.
    for (const key of SUBSETS[section] ?? []) {
      for (const entry of got) {
        const own = mine.find((e) => nameKey(e[IDENTITY[section]]) === nameKey(entry[IDENTITY[section]]));
        const allowed = new Set((Array.isArray(own?.[key]) ? (own[key] as unknown[]) : []).map(nameKey));
        for (const item of Array.isArray(entry[key]) ? (entry[key] as unknown[]) : [])
          expect(allowed.has(nameKey(item)), `${section} ${String(item)}`).toBe(true);
      }
    }
  }

  // basics: the profile's, but for the writer's summary and a label the candidate holds.
  if (draft.basics === undefined) {
    expect(JSON.stringify(out.basics)).toBe(JSON.stringify(profile.basics));
  } else {
    const b = out.basics!;
    expect(without(b, BASICS_PROSE)).toEqual(without(profile.basics!, BASICS_PROSE));
    expect(b.summary).toBe(draft.basics.summary);
    if (b.label !== undefined) expect(heldTitles(profile).has(nameKey(b.label)), b.label).toBe(true);
    if (draft.basics.label === undefined) expect(b.label).toBeUndefined();
    else if (heldTitles(profile).has(nameKey(draft.basics.label))) expect(b.label).toBe(draft.basics.label);
    else expect(b.label).toBe(profile.basics?.label);
  }

  // skills: only a level changes, to the candidate's level for the group of that name, or out.
  const groups = out.skills ?? [];
  expect(groups.map((g) => without(g, ["level"]))).toEqual(
    (draft.skills ?? []).map((g) => without(g, ["level"])),
  );
  groups.forEach((g, i) => {
    const own = (profile.skills ?? []).find((p) => nameKey(p.name) === nameKey(g.name));
    if (g.level !== undefined) expect(g.level).toBe(own?.level);
    else if (draft.skills?.[i]?.level !== undefined) expect(own?.level).toBeUndefined();
  });
}

// ---------------------------------------------------------------------------------------------------------
