import { defaultCatalog } from "../../extractors/catalog.js";
import { loadSettings } from "../inputs/config.js";
import { EXIT, InputError } from "../../core/errors.js";
import { createVerifier, type VerifierKind } from "../verify/create.js";
import { readAnswerFile, readChunksFile } from "../verify/inputs.js";

export interface VerifyFlags {
  answer: string;
  chunks: string;
  verifier?: VerifierKind;
  json?: boolean;
  failOnBlock?: boolean;
}

/**
 * `vouch verify`: one verdict for one answer. The verdict is printed even when the verifier's service
 * failed (it is NOT_GROUNDED then, never GROUNDED), and the exit code says the service failed.
 */
export async function runVerify(flags: VerifyFlags): Promise<number> {
  const [answer, chunks, settings] = await Promise.all([
    readAnswerFile(flags.answer),
    readChunksFile(flags.chunks),
    loadSettings(process.cwd()),
  ]);
  const kind = (flags.verifier ?? settings.get("verifier") ?? "local") as VerifierKind | "off";
  if (kind === "off") throw new InputError("--verifier off: nothing to verify.");
  const verifier = await createVerifier(kind, { catalog: await defaultCatalog(), settings });
  const { failure, ...verdict } = await verifier.verify(answer, chunks);
  if (flags.json) {
    process.stdout.write(`${JSON.stringify(verdict, null, 2)}\n`);
  } else {
    const lines = [
      `${verdict.verdict}: ${verdict.reason}`,
      ...verdict.ungroundedClaims.map((c) => `  - ${c}`),
    ];
    process.stdout.write(`${lines.join("\n")}\n`);
  }
  if (failure === "service") {
    process.stderr.write(
      `vouch: the ${kind} verifier's service failed; the answer is treated as NOT_GROUNDED.\n`,
    );
    return EXIT.service;
  }
  return flags.failOnBlock && verdict.verdict === "NOT_GROUNDED" ? EXIT.problem : EXIT.ok;
}
