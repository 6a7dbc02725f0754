// What a record or a match cites: where its evidence comes from (DESIGN.md, "Redaction record").

/** Where a finding's evidence comes from; `ref` names the place (a profile path, fact id, repo path:line). */
export interface RecordEvidence {
  source: "profile" | "fact" | "truth" | "chunk";
  ref: string;
  text?: string;
}
