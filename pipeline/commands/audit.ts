import { userInfo } from "node:os";
// `vouch audit`: summarise, verify and revert a run's redaction log; `vouch audit override`: record a
// false positive (signed with --sign-key) and emit its metric. A thin layer over pipeline/audit/.
import { falsePositiveEmf, emfLine } from "../audit/emf.js";
import { appendOverride } from "../audit/override.js";
import { readLog } from "../audit/read-log.js";
import { restoreDraft } from "../audit/restore.js";
import { loadPublicKey, loadSigner } from "../audit/signing.js";
import { renderJson, renderText, summarize } from "../audit/summary.js";
import { renderFullCsv, withRecordFields } from "../audit/html/export.js";
import { checkChain } from "../audit/verify-chain.js";
import { type PublicKeyInput, type RunVerification, verifyRun } from "../audit/verify-run.js";
import { EXIT, InputError } from "../../core/errors.js";
import { SIGNATURE_FILE } from "../outputs/report.js";

export interface AuditFlags {
  verify?: boolean;
  restore?: boolean;
  json?: boolean;
  csv?: boolean;
  publicKey?: string;
  /** `--html [FILE]`: write the evidence view (true: DIR/audit.html). */
  html?: string | true;
}

/**
 * Without flags: the summary as text (`--json`, `--csv`: machine output only). `--verify`: the chain, the
 * outputs' SHA-256 and the signature; exit 1 naming each file that fails. `--restore`: write
 * resume.restored.json, only from a run that verifies.
 */
export async function runAudit(target: string, flags: AuditFlags): Promise<number> {
  if (flags.json && flags.csv) throw new InputError("give at most one of --json and --csv.");
  if (flags.restore && flags.csv)
    throw new InputError("--csv lists the records; it does not go with --restore.");
  if (flags.publicKey && !flags.verify && !flags.restore && !flags.html)
    throw new InputError("--public-key checks a signature: it goes with --verify, --restore or --html.");
  const publicKey: PublicKeyInput | undefined = flags.publicKey
    ? { key: await loadPublicKey(flags.publicKey), path: flags.publicKey }
    : undefined;
  if (flags.html) {
    if (flags.json || flags.csv || flags.restore || flags.verify)
      throw new InputError("--html writes the evidence view (it verifies the run itself); give it alone.");
    const { runAuditHtml } = await import("./audit-html.js");
    return runAuditHtml(target, flags.html, publicKey);
  }
  if (flags.restore) {
    const restored = await restoreDraft(target, publicKey);
    const { draft: _draft, ...facts } = restored;
    const notes = [
      `${plural(restored.reverted, "record")} reverted`,
      ...(restored.matchRecords
        ? [
            `${plural(restored.matchRecords, "match record")} left aside: they concern the matches, not the draft`,
          ]
        : []),
      ...(restored.overrides ? [`${plural(restored.overrides, "override")} skipped`] : []),
    ];
    process.stdout.write(
      flags.json
        ? `${JSON.stringify(facts, null, 2)}\n`
        : `restored the unguarded draft: ${restored.path} (${notes.join("; ")})\n`,
    );
    return EXIT.ok;
  }

  if (!flags.verify) {
    const log = await readLog(target);
    // Machine output carries every record field (evidence, ts, hashes): a tool can rebuild the view.
    const summary = withRecordFields(summarize(log, checkChain(log)), log.records);
    process.stdout.write((flags.json ? renderJson : flags.csv ? renderFullCsv : renderText)(summary));
    return EXIT.ok;
  }
  const run = await verifyRun(target, publicKey);
  for (const problem of run.problems) process.stderr.write(`vouch: ${problem}.\n`);
  const verdict = run.problems.length > 0 ? EXIT.problem : EXIT.ok;
  const summary = withRecordFields(summarize(run.log, run.chain), run.log.records);
  if (flags.json) {
    const { log: _log, chain: _chain, ...verification } = run;
    const json = { ...summary, verification: { ok: verdict === EXIT.ok, ...verification } };
    process.stdout.write(`${JSON.stringify(json, null, 2)}\n`);
  } else if (flags.csv) {
    process.stdout.write(renderFullCsv(summary));
  } else if (verdict === EXIT.ok) {
    process.stdout.write(verifiedText(run));
  }
  return verdict;
}

/** What a clean --verify checked, one line each. */
function verifiedText(run: RunVerification): string {
  const signature = {
    valid: `signature valid: ${SIGNATURE_FILE} verifies with the public key`,
    unchecked: `not proven: that these are the run's outputs; ${SIGNATURE_FILE} was not checked, and anyone who can write this folder can re-chain the log and rewrite report.json: give --public-key FILE`,
    unsigned: `not proven: that these are the run's outputs; the run is unsigned (no ${SIGNATURE_FILE}), and anyone who can write this folder can re-chain the log and rewrite report.json: sign runs with vouch generate --sign-key FILE`,
    invalid: "",
  }[run.signature];
  const { total, signed } = run.overrides;
  const checked = run.signature === "valid" ? "signed and checked" : "with a signature, not checked";
  return [
    `chain intact: ${plural(run.chain.records, "record")}, matching report.json`,
    `outputs intact: ${plural(run.outputs, "file")} match their SHA-256 in report.json`,
    signature,
    ...(total > 0 ? [`overrides since the run: ${total} (${signed} ${checked})`] : []),
    "",
  ].join("\n");
}

export interface OverrideFlags {
  reason: string;
  signKey?: string;
  /** Who overrides: --by, else VOUCH_AUDITOR, else the account running vouch. */
  by?: string;
}

function auditorName(flags: OverrideFlags): string | undefined {
  if (flags.by !== undefined) return flags.by;
  if (process.env.VOUCH_AUDITOR) return process.env.VOUCH_AUDITOR;
  try {
    return userInfo().username;
  } catch {
    return undefined; // an account without a name (a container's bare uid)
  }
}

/** Append the override, then print one EMF line (and nothing else) on stdout for CloudWatch to ingest. */
export async function runOverride(target: string, seq: number, flags: OverrideFlags): Promise<number> {
  const now = new Date();
  const signer = flags.signKey ? await loadSigner(flags.signKey) : undefined;
  const { target: overridden, record } = await appendOverride(
    target,
    seq,
    flags.reason,
    now,
    signer,
    auditorName(flags),
  );
  const metric = falsePositiveEmf(overridden.guard, now.getTime(), {
    runId: record.runId,
    seq: overridden.seq,
  });
  process.stdout.write(emfLine(metric));
  return EXIT.ok;
}

function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}
