// Infrastructure, container and CI detectors. Several may match one file; each reports what it understands.
import type { FileDetector } from "../types.js";
import {
  azurePipelinesDetector,
  bitbucketPipelinesDetector,
  buildkiteDetector,
  circleCiDetector,
  concourseDetector,
  droneDetector,
  githubActionDetector,
  githubWorkflowDetector,
  gitlabCiDetector,
  jenkinsDetector,
  travisCiDetector,
} from "./ci/index.js";
import { cdkDetector, cloudFormationDetector, pulumiDetector, serverlessDetector } from "./cloudformation.js";
import { composeDetector } from "./compose.js";
import { dockerfileDetector } from "./dockerfile.js";
import { chartDetector, valuesDetector } from "./helm.js";
import { helmfileDetector, kubernetesDetector, kustomizeDetector, skaffoldDetector } from "./kubernetes.js";
import { terraformDetector, terraformLockDetector } from "./terraform.js";
import { shellScriptDetector } from "./commands/scripts.js";

export const infraDetectors: FileDetector[] = [
  // Infrastructure as code
  terraformDetector,
  terraformLockDetector,
  cloudFormationDetector,
  serverlessDetector,
  cdkDetector,
  pulumiDetector,
  kubernetesDetector,
  kustomizeDetector,
  skaffoldDetector,
  helmfileDetector,
  chartDetector,
  valuesDetector,
  // Containers
  dockerfileDetector,
  composeDetector,
  // CI
  githubWorkflowDetector,
  githubActionDetector,
  gitlabCiDetector,
  circleCiDetector,
  jenkinsDetector,
  azurePipelinesDetector,
  travisCiDetector,
  bitbucketPipelinesDetector,
  buildkiteDetector,
  droneDetector,
  concourseDetector,
  // Deploy and build scripts
  shellScriptDetector,
];
