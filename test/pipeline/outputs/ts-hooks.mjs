// Module hooks that let a test spawn the real CLI from its TypeScript source (`node --import
// ./ts-hooks.mjs server/bin.ts …`) without a build: a `.js` import whose file does not exist resolves to
// the `.ts` beside it, and `.ts` files are stripped of their types by rolldown's transform (vite's own).
import { register } from "node:module";

register("./ts-hooks-impl.mjs", import.meta.url);
