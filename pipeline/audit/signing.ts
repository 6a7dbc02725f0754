// Ed25519 signatures over a run (Node's built-in crypto): `vouch keygen` makes the pair, `vouch generate
// --sign-key` signs report.json (which holds every output's SHA-256 and the log's last hash), `vouch audit
// override --sign-key` signs the new record's hash (which chains every record before it), and `vouch audit
// --verify --public-key` checks both. Without the private key nobody can re-chain a log and re-sign it.
import { type KeyObject, createHash, createPrivateKey, createPublicKey, sign, verify } from "node:crypto";
import { InputError } from "../../core/errors.js";
import { readTextFile } from "../../core/json-file.js";

export const SIGNATURE_ALGORITHM = "ed25519";

/**
 * Beside a redaction log: one JSON line per signed override, `{ seq, hash, publicKeySha256, signature }`,
 * the signature over `overrideMessage(hash)`. Kept apart so the record contract (DESIGN.md) is unchanged.
 */
export const OVERRIDE_SIGNATURES_FILE = "redaction-log.sig.jsonl";

/** report.json.sig: JSON, so an auditor can see which key signed without trusting it. */
export interface SignatureFile {
  algorithm: typeof SIGNATURE_ALGORITHM;
  /** The file it signs, beside it: always report.json. */
  signs: string;
  /** SHA-256 of the signer's public key (SPKI DER): says which key to verify with. */
  publicKeySha256: string;
  /** Base64 Ed25519 signature over the exact bytes of the signed file. */
  signature: string;
}

export interface Signer {
  keyId: string;
  sign(data: Uint8Array): string;
}

/** The SHA-256 of a public key's SPKI DER form, hex: a name for the key that does not reveal anything. */
export function keyId(key: KeyObject): string {
  const publicKey = key.type === "private" ? createPublicKey(key) : key;
  return createHash("sha256")
    .update(publicKey.export({ type: "spki", format: "der" }))
    .digest("hex");
}

/** Read a PEM private key for signing; exit 2 naming the file when it is not an Ed25519 private key. */
export async function loadSigner(path: string): Promise<Signer> {
  const pem = await readTextFile(path, "signing key file");
  let key: KeyObject;
  try {
    key = createPrivateKey(pem);
  } catch {
    throw new InputError(`${path}: not a PEM private key (make one with vouch keygen --out DIR).`);
  }
  if (key.asymmetricKeyType !== SIGNATURE_ALGORITHM) {
    throw new InputError(`${path}: a ${key.asymmetricKeyType} key; vouch signs with Ed25519 keys only.`);
  }
  return {
    keyId: keyId(key),
    sign: (data) => sign(null, data, key).toString("base64"),
  };
}

/** Read a PEM public key for verifying; a private key is accepted too (its public half is used). */
export async function loadPublicKey(path: string): Promise<KeyObject> {
  const pem = await readTextFile(path, "public key file");
  let key: KeyObject;
  try {
    key = createPublicKey(pem);
  } catch {
    throw new InputError(`${path}: not a PEM public key (vouch keygen writes one beside the private key).`);
  }
  if (key.asymmetricKeyType !== SIGNATURE_ALGORITHM) {
    throw new InputError(`${path}: a ${key.asymmetricKeyType} key; vouch verifies Ed25519 keys only.`);
  }
  return key;
}

/** The signature file's text for `data` (the bytes of `signs`). */
export function signatureFileText(signer: Signer, signs: string, data: Uint8Array): string {
  const file: SignatureFile = {
    algorithm: SIGNATURE_ALGORITHM,
    signs,
    publicKeySha256: signer.keyId,
    signature: signer.sign(data),
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}

/** Parse a signature file; undefined when it is not one (the caller names the file). */
export function parseSignatureFile(text: string): SignatureFile | undefined {
  try {
    const value = JSON.parse(text) as Partial<SignatureFile> | null;
    if (
      value?.algorithm === SIGNATURE_ALGORITHM &&
      typeof value.signs === "string" &&
      typeof value.publicKeySha256 === "string" &&
      typeof value.signature === "string" &&
      /^[A-Za-z0-9+/]{86}==$/.test(value.signature)
    ) {
      return value as SignatureFile;
    }
  } catch {
    // not JSON: the caller says so
  }
  return undefined;
}

/** Whether `signature` (base64) is `key`'s Ed25519 signature of `data`. */
export function verifySignature(key: KeyObject, data: Uint8Array, signature: string): boolean {
  try {
    return verify(null, data, key, Buffer.from(signature, "base64"));
  } catch {
    return false; // a signature of the wrong length
  }
}

/** What an override signature signs: the record's hash, tagged so it can never pass for another message. */
export function overrideMessage(hash: string): Uint8Array {
  return Buffer.from(`vouch override record ${hash}`);
}
