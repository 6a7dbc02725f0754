// CI configuration: which CI service a repository uses, the actions, orbs, pipes and tasks it calls and the
// images its jobs run in.
//
// What CI runs is tooling or test evidence unless it deploys the repository's own artifacts to a real
// environment: setup, lint, test and release steps carry a non-runtime `scope` ("dev", "test", "build"),
// while deploy steps (and, inside a deploy job, the cloud logins and deploy tools they need) stay production.
export { githubActionDetector, githubWorkflowDetector } from "./github.js";
export { concourseDetector } from "./concourse.js";
export { jenkinsDetector } from "./jenkins.js";
export {
  azurePipelinesDetector,
  bitbucketPipelinesDetector,
  buildkiteDetector,
  circleCiDetector,
  droneDetector,
  gitlabCiDetector,
  travisCiDetector,
} from "./services.js";
