import { randomUUID } from "node:crypto";
import { defaultCatalog } from "../../extractors/catalog.js";
import { buildContext, GUARDS, type RedactionRecord, runChain, sealRecords } from "../../guards/index.js";
import { EXIT } from "../../core/errors.js";
import { readGuardCase } from "../inputs/guard-case.js";

export interface GuardFlags {
  case: string;
  json?: boolean;
}

/** `vouch guard --case FILE`: the whole chain on one case. */
export async function runGuard(flags: GuardFlags): Promise<number> {
  const input = await readGuardCase(flags.case);
  const now = new Date().toISOString();
  const context = buildContext({ catalog: await defaultCatalog(), ...input.sources, asOf: now.slice(0, 10) });
  const result = runChain(input, context, GUARDS);
  const records = sealRecords(result.records, { runId: randomUUID(), ts: now });
  const output = {
    ...(result.draft !== undefined ? { draft: result.draft } : { text: result.text }),
    ...(result.matches ? { matches: result.matches } : {}),
    records,
  };
  if (flags.json) process.stdout.write(`${JSON.stringify(output, null, 2)}\n`);
  else process.stdout.write(describe(result.text, records));
  return EXIT.ok;
}

function describe(text: string | undefined, records: readonly RedactionRecord[]): string {
  const lines = records.map(
    (r) =>
      `${r.seq}. ${r.guard}/${r.rule} ${r.action} ${r.field}: "${r.original}" → "${r.replacement}"\n   ${r.reason}`,
  );
  if (records.length === 0) lines.push("no changes: every claim is backed");
  if (text !== undefined) lines.push("", text);
  return `${lines.join("\n")}\n`;
}
