// `vouch keygen --out DIR`: write an Ed25519 key pair for `generate --sign-key` and `audit --public-key`.
import { EXIT } from "../../core/errors.js";
import { writeKeyPair } from "../audit/keygen.js";

export async function runKeygen(flags: { out: string }): Promise<number> {
  const pair = await writeKeyPair(flags.out);
  process.stdout.write(
    [
      `wrote ${pair.privateKey} (private: keep it secret; mode 0600) and ${pair.publicKey} (public: give it to auditors)`,
      `key id (SHA-256 of the public key): ${pair.keyId}`,
      "",
    ].join("\n"),
  );
  return EXIT.ok;
}
