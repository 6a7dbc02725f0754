// The guard chain, in the order it runs: pre-writer guards on matches, then post-writer guards: on the
// draft's record first (record-provenance), then on every AI-written string (each guard on the previous
// one's output), and last on what their removals left empty. A new guard is a module named by its id,
// a test file under test/guards/, and one line here; test/guards/index.test.ts checks all three.
//
// claim-net runs before number-provenance: it judges the writer's own words, so a string that falls back to
// the candidate's wording (or goes) is logged once, with the text the writer wrote, not after its figures
// were redacted; and it reads the same text as the guards before it, whose technology scan it reuses.
import { claimNet } from "./claim-net.js";
import { codeTruth } from "./code-truth.js";
import { numberProvenance } from "./number-provenance.js";
import { recordProvenance } from "./record-provenance.js";
import type { Guard } from "./types.js";
import { vendorProvenance } from "./vendor-provenance.js";

export const GUARDS: readonly Guard[] = [
  recordProvenance,
  vendorProvenance,
  codeTruth,
  claimNet,
  numberProvenance,
];

export { applyEdits, revert } from "./apply.js";
export { buildContext, guardDraft, guardMatches, runChain } from "./chain.js";
export { type Revertible, revertDraft, revertMatches, revertRecords } from "./revert.js";
export { type RecordKind, holdsJson, isMatchField, recordKind } from "./record-kind.js";
export { GENESIS_HASH, recordHash, sealRecords, verifyChain } from "./redaction-record.js";
export type { UnsealedRecord, RedactionRecord } from "./redaction-record.js";
export type * from "./types.js";

// The guards themselves, for callers that run one alone (the chatbot's answers, the tests).
export { claimNet, codeTruth, numberProvenance, recordProvenance, vendorProvenance };
export { GUARD_IDS, RECORD_ACTIONS } from "./types.js";
export type { ChainCheck } from "./redaction-record.js";
export { removeItems } from "./chain.js";
export { guardString } from "./run-string.js";
export { type DraftTarget, draftTargets, heldElsewhere, repeatNote } from "./targets.js";
export { unwritableStrings } from "./characters/unwritable.js";
export { sameValue } from "./record-provenance/normalise.js";
// What backs a technology, and the numbers' reading: the verifier and the chatbot judge with the same.
export {
  NATIVE_STATUSES,
  type ProfileString,
  canStateSkill,
  listWords,
  placeRef,
  profileStrings,
  technologyBacking,
  technologyName,
  truthEvidence,
  whereSeen,
} from "./backing/index.js";
export { MAX_EVIDENCE } from "./backing/evidence.js";
export { NUM_REDACTED } from "./number-provenance.js";
export {
  NumberIndex,
  type NumberMention,
  type SourceNumber,
  findNumbers,
  isGrounded,
  periodSpan,
} from "./numbers/index.js";
export { type SentenceFigures, derive, sentenceFigures } from "./numbers/derive.js";
export { eachNumber } from "./numbers/scan.js";
export { placeOf, verdict } from "./numbers/verdict.js";
