// Test support: for each default block pattern, paths it must block and look-alikes it must leave alone.
// Shared by the unit tests of the block list and the end-to-end "every pattern through every tool" test.
import type { DEFAULT_BLOCK_PATTERNS } from "../../src/config.ts";

/** For each default pattern: paths it must block, and look-alikes it must not. */
export const DEFAULT_PATTERN_CASES: Record<
  (typeof DEFAULT_BLOCK_PATTERNS)[number],
  { blocked: string[]; free: string[] }
> = {
  "**/.env": {
    blocked: [".env", "app/.env", "a/b/c/.env", ".ENV"],
    free: ["env", ".envrc", "app/env.ts", ".envx/x"],
  },
  "**/.env.*": {
    blocked: [".env.local", "app/.env.production", ".env.test.backup", ".Env.Local"],
    free: [".environment", "env.local", "app/.envrc"],
  },
  "**/secrets.*": {
    blocked: ["secrets.json", "config/secrets.yaml", "secrets.tar.gz", "SECRETS.TXT"],
    free: ["secrets", "my-secrets.json", "secretsmanager.ts"],
  },
  "**/credentials.*": {
    blocked: ["credentials.json", "gcp/credentials.csv", "Credentials.xml"],
    free: ["credentials", "credentials-helper.ts", "docs/credentialsGuide.md"],
  },
  "**/*.pem": {
    blocked: ["server.pem", "certs/ca.pem", ".pem", "KEY.PEM"],
    free: ["pem", "server.pem.md", "pem.txt"],
  },
  "**/*.key": { blocked: ["server.key", "ssh/id.key", "A.KEY"], free: ["keys.ts", "server.keys", "key"] },
  "**/*.p12": { blocked: ["cert.p12", "a/b.p12"], free: ["p12.txt", "cert.p12x"] },
  "**/*.pfx": { blocked: ["cert.pfx", "a/b.PFX"], free: ["pfx", "cert.pfx.txt"] },
  "**/.aws/credentials": {
    blocked: [".aws/credentials", "home/.aws/credentials"],
    free: ["aws/credentials", ".aws/credentials2"],
  },
  "**/.aws/config": {
    blocked: [".aws/config", "x/.aws/config", ".AWS/CONFIG"],
    free: [".aws/configs", "aws/config"],
  },
  "**/.ssh/**": { blocked: [".ssh/config", "home/.ssh/known_hosts"], free: ["ssh/config", ".sshrc"] },
  "**/id_rsa*": { blocked: ["id_rsa", "keys/id_rsa.pub"], free: ["my_id_rsa", "id_rs"] },
  "**/id_ed25519*": { blocked: ["id_ed25519", "a/id_ed25519.pub"], free: ["ed25519.ts"] },
  "**/id_ecdsa*": { blocked: ["id_ecdsa", "a/id_ecdsa_sk"], free: ["ecdsa.go"] },
  "**/.netrc": { blocked: [".netrc", "home/.netrc"], free: ["netrc", ".netrc.md"] },
  "**/.git-credentials": { blocked: [".git-credentials", "x/.git-credentials"], free: ["git-credentials"] },
  "**/.npmrc": { blocked: [".npmrc", "pkg/.npmrc"], free: ["npmrc.md"] },
  "**/.pypirc": { blocked: [".pypirc", "py/.pypirc"], free: ["pypirc"] },
};
