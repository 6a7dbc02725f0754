// The guard chain, in the order it runs: pre-writer guards on matches, then post-writer guards on every
// AI-written string (each guard on the previous one's output). A new guard is a module named by its id,
// a test file under test/guards/, and one line here; test/guards/index.test.ts checks all three.
import { claimNet } from "./claim-net.js";
import { codeTruth } from "./code-truth.js";
import { numberProvenance } from "./number-provenance.js";
import type { Guard } from "./types.js";
import { vendorProvenance } from "./vendor-provenance.js";

export const GUARDS: readonly Guard[] = [vendorProvenance, codeTruth, numberProvenance, claimNet];

export { applyEdits, revert } from "./apply.js";
export { buildContext, guardDraft, guardMatches, revertDraft, revertMatches, runChain } from "./chain.js";
export { GENESIS_HASH, recordHash, sealRecords, verifyChain } from "./record.js";
export type { RecordDraft, RedactionRecord } from "./record.js";
export type * from "./types.js";
