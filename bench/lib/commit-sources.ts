import { execSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";

/**
 * The folder (relative to the repository root) holding `commit`'s `src/`, unpacked under `.cache/` once and reused,
 * so that a benchmark can import another commit's modules beside this tree's.
 */
export function commitSources(commit: string): string {
  const dir = `.cache/base-${commit}`;
  if (!existsSync(`${dir}/src`)) {
    mkdirSync(dir, { recursive: true });
    execSync(`git archive ${commit} src | tar -x -C ${dir}`);
  }
  return dir;
}
