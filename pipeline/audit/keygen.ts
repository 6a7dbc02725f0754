// `vouch keygen --out DIR`: a new Ed25519 key pair for signing runs, as PEM files. The private key is
// created readable by its owner only, and an existing key is never overwritten (a lost key cannot be
// made again, and runs signed with it could no longer be checked).
import { makeDirectory } from "../outputs/output-path.js";
import { generateKeyPairSync } from "node:crypto";
import { open, rm } from "node:fs/promises";
import { join } from "node:path";
import { InputError } from "../../core/errors.js";
import { keyId } from "./signing.js";

export const PRIVATE_KEY_FILE = "vouch-signing.key";
export const PUBLIC_KEY_FILE = "vouch-signing.pub";

export interface KeyPairFiles {
  privateKey: string;
  publicKey: string;
  /** SHA-256 of the public key: signature files name their key by it. */
  keyId: string;
}

export async function writeKeyPair(dir: string): Promise<KeyPairFiles> {
  const { privateKey, publicKey } = generateKeyPairSync("ed25519");
  const files = { privateKey: join(dir, PRIVATE_KEY_FILE), publicKey: join(dir, PUBLIC_KEY_FILE) };
  try {
    await makeDirectory(dir);
  } catch (error) {
    throw new InputError(`${dir}: the key folder cannot be made (${code(error)}).`);
  }
  const privatePem = privateKey.export({ type: "pkcs8", format: "pem" });
  await createNew(files.privateKey, privatePem, 0o600);
  try {
    await createNew(files.publicKey, publicKey.export({ type: "spki", format: "pem" }), 0o644);
  } catch (error) {
    // Half a pair is no use: the private key just written goes again.
    await rm(files.privateKey, { force: true });
    throw error;
  }
  return { ...files, keyId: keyId(publicKey) };
}

/** Create a file that must not exist yet (O_EXCL: no race with another writer), with `mode` from the start. */
async function createNew(path: string, data: string | Uint8Array, mode: number): Promise<void> {
  let handle;
  try {
    handle = await open(path, "wx", mode);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") {
      throw new InputError(`${path}: a key is already there; vouch keygen never overwrites a key.`);
    }
    throw new InputError(`${path}: cannot be written (${code(error)}).`);
  }
  try {
    // The umask may have narrowed `mode`; a private key must not be wider than 0600 either way.
    await handle.chmod(mode);
    await handle.writeFile(data);
    await handle.sync();
  } catch (error) {
    await handle.close();
    await rm(path, { force: true });
    throw new InputError(`${path}: cannot be written (${code(error)}).`);
  }
  await handle.close();
}

function code(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? (error as Error).message;
}
