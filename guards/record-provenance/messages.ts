// record-provenance's messages, by message id (its `meta.messages`), with `{{placeholders}}`.
export const RECORD_MESSAGES = {
  "changed-field":
    "{{field}}: the draft says {{actual}} where the profile says {{expected}}{{how}}; the profile's value is kept.",
  "dropped-field": "{{field}}: the draft left out {{expected}}, which the profile states; it is put back.",
  "invented-field":
    "{{field}}: the draft adds {{actual}}, which the profile's {{entry}} does not hold; it is removed.",
  "invented-entry":
    "{{field}}: the draft's {{noun}} {{actual}} is not in the profile; an invented {{noun}} is removed.",
  "duplicate-entry":
    "{{field}}: the draft shows the {{noun}} {{actual}} again; the profile has it once, so the copy is removed.",
  "dropped-entry":
    "{{field}}: the draft left out the {{noun}} {{expected}}; hiding part of the record is a lie by omission, so it is put back with the profile's own wording.",
  "label-not-held":
    "basics.label: {{actual}} is neither the profile's label nor a position the candidate held; {{outcome}}.",
  "title-not-held":
    "{{field}}: {{claims}}, which no position, label, organisation or text of the profile holds; {{outcome}}.",
  "employer-not-held":
    "{{field}}: {{claims}}, which no employer, school or organisation of the profile is; {{outcome}}.",
  "leadership-not-held":
    "{{field}}: {{claims}}, which no position or text of the profile says of {{scope}}; {{outcome}}.",
  "rank-not-held":
    "{{field}}: {{claims}}, which no award or text of the profile says (an award's finalist is no winner); {{outcome}}.",
  "empty-group":
    "{{field}}: the guards' removals left this {{what}} empty; an empty {{what}} is dropped rather than drawn as a bare heading.",
} as const;

export type RecordRule = keyof typeof RECORD_MESSAGES;

/** Rules about prose: their records are text edits (plain strings), not structured values (JSON). */
export const TEXT_RULES: ReadonlySet<string> = new Set<RecordRule>([
  "title-not-held",
  "employer-not-held",
  "leadership-not-held",
  "rank-not-held",
]);
