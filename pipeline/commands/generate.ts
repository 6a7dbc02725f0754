import { EXIT } from "../../core/errors.js";
import { type GenerateOptions, generate } from "../generate.js";
import { progress } from "../cli/progress.js";
import { explainTable } from "../stages/strategize/explain.js";
import { atsSummaryLine } from "../render/ats/check.js";
import { budgetLines } from "../render/budget/lines.js";

/** The CLI's flags: the library's options a user can set, plus what only the CLI does with the result. */
export interface GenerateFlags extends Omit<GenerateOptions, "now" | "settings" | "onStage"> {
  json?: boolean;
  /** Print the table requirement → status → evidence. */
  explain?: boolean;
  failOnBlock?: boolean;
}

/** `vouch generate`: the whole pipeline; a summary (or report.json with --json) on stdout. */
export async function runGenerate(flags: GenerateFlags): Promise<number> {
  const show = progress(!flags.json);
  let result;
  try {
    result = await generate({ ...flags, onStage: (stage) => show(`${stage}…`) });
  } finally {
    show.done();
  }
  const { report, outputs } = result;
  if (flags.json) {
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  } else {
    const counts = Object.entries(report.guards.byGuard).map(
      ([guard, actions]) =>
        `${guard} ${Object.entries(actions)
          .map(([a, n]) => `${n} ${a}`)
          .join(", ")}`,
    );
    const verdicts = report.verdicts.map(
      (v) => `  ${v.section}: ${v.verdict}${v.action === "kept" ? "" : ` (${v.action})`}`,
    );
    process.stdout.write(
      [
        `wrote ${[...outputs.files.map((f) => f.file), "report.json", ...(outputs.signature ? [outputs.signature] : [])].join(", ")} to ${outputs.dir} in ${report.totalMs.toFixed(0)} ms`,
        report.coverage.line,
        ...(flags.explain ? explainTable(report.matches) : []),
        ...(report.ats ? [atsSummaryLine(report.ats)] : []),
        ...budgetLines(report),
        `guards: ${report.guards.records} records${counts.length > 0 ? `: ${counts.join("; ")}` : ""}`,
        ...(verdicts.length > 0
          ? [`verifier (${String(report.inputs.verifier)}, ${String(report.inputs.mode)}):`, ...verdicts]
          : []),
        "",
      ].join("\n"),
    );
  }
  const blocked = report.verdicts.some((v) => v.action === "fallback");
  return flags.failOnBlock && blocked ? EXIT.problem : EXIT.ok;
}
