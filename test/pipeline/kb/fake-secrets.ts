// Built from parts so that no scanner reading this file takes them for real keys.
export const FAKE = {
  github: "ghp_" + "Zq8Wt3Lm9Vx2Rk7Pd4Nh6Bj1Cf5Gs0Ty3Ue8",
  slack: "xoxb-" + "123456789012-1234567890123-" + "AbCdEfGhIjKlMnOpQrStUvWx",
  awsId: "AKIA" + "Q7X2M9K4T1W8R5P3",
  awsSecret: "Zq8Wt3Lm9Vx2Rk7Pd4Nh6Bj1Cf5Gs0Ty3Ue8Ab" + "Cd",
  password: "hunter2" + "-Plz",
};
