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
    const nameCost = name === wName ? 0 : name.includes(wName) || wName.includes(name) ? 1 : 2 + distance(name, wName);
    scored.push({ path, cost: nameCost * 1000 + distance(p, w) });
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

/** Levenshtein distance, two rows; strings are file paths, so short. */
function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min((prev[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = row;
  }
  return prev[b.length] ?? 0;
}
