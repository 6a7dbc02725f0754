import { importDetectors } from "./imports/index.js";
import { infraDetectors } from "./infra/index.js";
import { manifestDetectors } from "./manifests/index.js";
import { prismaSchemaDetector } from "./manifests/prisma.js";
import { serviceDetectors } from "./services/index.js";
import type { FileDetector } from "./types.js";

/** Every file detector, in the order their findings are reported. */
export const allDetectors: readonly FileDetector[] = [
  ...manifestDetectors,
  prismaSchemaDetector,
  ...infraDetectors,
  ...importDetectors,
  ...serviceDetectors,
];
