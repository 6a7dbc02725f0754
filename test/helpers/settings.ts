import type { FileConfig, Settings } from "../../pipeline/inputs/config.js";

/** Settings with fixed values (a flag still wins), without a config file or VOUCH_* variables. */
export function settingsOf(values: FileConfig = {}): Settings {
  return { get: (name, flag) => flag ?? values[name] };
}
