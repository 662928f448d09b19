import { editDistance } from "../../core/text/edit-distance";

/** How many suggestions a missing path gets. */
const SUGGESTIONS = 5;

/**
 * The notes whose paths look most like `wanted`, best first: the file name counts most (agents often get the
 * folder wrong), then the whole path. Case and the `.md` extension are ignored.
 */
export function closestPaths(wanted: string, paths: Iterable<string>, max = SUGGESTIONS): string[] {
  const w = normalize(wanted);
  const wName = baseName(w);
  const scored: { path: string; cost: number }[] = [];
  for (const path of paths) {
    const p = normalize(path);
    const name = baseName(p);
    const nameCost = name === wName ? 0 : name.includes(wName) || wName.includes(name) ? 1 : 2 + editDistance(name, wName);
    scored.push({ path, cost: nameCost * 1000 + editDistance(p, w) });
  }
  scored.sort((a, b) => a.cost - b.cost || (a.path < b.path ? -1 : 1));
  return scored.slice(0, max).map((s) => s.path);
}

function normalize(path: string): string {
  return path.toLowerCase().replace(/\.md$/, "");
}

function baseName(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}
