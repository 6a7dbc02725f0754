// `vouch audit`: summarise, verify and revert a redaction log; `vouch audit override`: record a false
// positive and emit its metric. A thin layer over pipeline/audit/.
import { anchorProblem, readAnchor } from "../audit/anchor.js";
import { falsePositiveEmf, emfLine } from "../audit/emf.js";
import { appendOverride } from "../audit/override.js";
import { readLog } from "../audit/read-log.js";
import { restoreDraft } from "../audit/restore.js";
import { renderCsv, renderJson, renderText, summarize } from "../audit/summary.js";
import { checkChain, describeBreak } from "../audit/verify-chain.js";
import { EXIT, InputError } from "../../core/errors.js";

export interface AuditFlags {
  verify?: boolean;
  restore?: boolean;
  json?: boolean;
  csv?: boolean;
}

/**
 * Without flags: the summary as text (`--json`, `--csv`: machine output only). `--verify`: exit 1 naming
 * the first bad record. `--restore`: write resume.restored.json (it checks the chain first).
 */
export async function runAudit(target: string, flags: AuditFlags): Promise<number> {
  if (flags.json && flags.csv) throw new InputError("give at most one of --json and --csv.");
  if (flags.restore && flags.csv)
    throw new InputError("--csv lists the records; it does not go with --restore.");
  if (flags.restore) {
    const restored = await restoreDraft(target);
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

  const log = await readLog(target);
  const chain = checkChain(log);
  const anchor = chain.ok && flags.verify ? await readAnchor(log.path) : undefined;
  const cut = anchor ? anchorProblem(log.records, anchor) : undefined;
  if (!chain.ok && flags.verify) process.stderr.write(`vouch: ${describeBreak(log.path, chain.firstBad)}\n`);
  if (cut) process.stderr.write(`vouch: ${log.path}: ${cut}.\n`);
  const verdict = flags.verify && (!chain.ok || cut) ? EXIT.problem : EXIT.ok;
  if (flags.verify && !flags.json && !flags.csv) {
    if (chain.ok && !cut) {
      const anchored = anchor ? ", matching report.json" : "";
      process.stdout.write(`chain intact: ${chain.records} records${anchored}\n`);
    }
    return verdict;
  }
  const summary = summarize(log, chain);
  const render = flags.json ? renderJson : flags.csv ? renderCsv : renderText;
  process.stdout.write(render(summary));
  return verdict;
}

export interface OverrideFlags {
  reason: string;
}

/** Append the override, then print one EMF line (and nothing else) on stdout for CloudWatch to ingest. */
export async function runOverride(target: string, seq: number, flags: OverrideFlags): Promise<number> {
  const now = new Date();
  const { target: overridden, record } = await appendOverride(target, seq, flags.reason, now);
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
