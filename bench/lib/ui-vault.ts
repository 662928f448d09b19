/**
 * A synthetic vault for the UI benchmark: deterministic notes with frontmatter tags, a title, sections under
 * headings, paragraphs, links and inline tags. Words are drawn from a Zipf distribution over a list of common
 * content words followed by a long tail of made-up words, so posting lists look like a real vault's: a few very
 * long, most short. Nothing is copied from any real vault.
 */
import { seededRandom } from "../../test/fakes/seeded-random";

/** The seeded PRNG the tests use too, so every run builds the same vault. */
export { seededRandom };

/** Common content words, most frequent first (our own list). */
const COMMON = (
  "note project idea meeting plan work time book day week garden water plant design code test data team review " +
  "music travel food recipe health sleep habit walk city house light paper letter draft summary question answer " +
  "system process goal task list journal morning evening budget money market price client email call change " +
  "version release server network backup storage photo camera film story chapter author reading writing research " +
  "method result source reference quote history theory model language learning course lesson exercise practice " +
  "training running cycling mountain river forest weather winter summer spring autumn coffee bread cheese soup " +
  "tomato onion garlic pepper salt sugar flour butter kitchen table window door street station train flight " +
  "hotel museum gallery concert friend family child school office desk screen keyboard phone battery energy " +
  "solar engine machine tool wood metal glass stone brick paint color pattern shape space room floor wall roof"
).split(" ");

const TOPICS = ["Projects", "Journal", "Reading", "Recipes", "Travel", "Research", "Meetings", "Health", "Home", "Tech"];
const SYLLABLES = ["ka", "lo", "mer", "tin", "sa", "vel", "dor", "ri", "pan", "que", "lu", "shi", "bor", "na", "tec", "fa", "gri", "om", "zel", "wu"];

/** The vocabulary by rank: the common words, then `tail` made-up words of two to four syllables. */
function vocabulary(tail: number, rand: () => number): string[] {
  const seen = new Set(COMMON);
  const words = [...COMMON];
  while (words.length < COMMON.length + tail) {
    const n = 2 + Math.floor(rand() * 3);
    let w = "";
    for (let i = 0; i < n; i++) w += SYLLABLES[Math.floor(rand() * SYLLABLES.length)] ?? "";
    if (!seen.has(w)) {
      seen.add(w);
      words.push(w);
    }
  }
  return words;
}

/** Draws ranks from a Zipf(s≈1) distribution by inverting its cumulative weights. */
function zipfSampler(n: number, rand: () => number): () => number {
  const cumulative = new Float64Array(n);
  let sum = 0;
  for (let i = 0; i < n; i++) cumulative[i] = sum += 1 / (i + 1.5);
  return () => {
    const x = rand() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] ?? 0) < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

/** A generated vault: path → text, and the common words, from which the benchmark's queries are built. */
export interface SyntheticVault {
  files: Record<string, string>;
  paths: string[];
  commonWords: readonly string[];
}

/** Builds `count` notes (about 1.5 KB each, two to five sections) spread over ten topic folders. */
export function syntheticVault(count: number, seed = 42): SyntheticVault {
  const rand = seededRandom(seed);
  const words = vocabulary(20_000, rand);
  const draw = zipfSampler(words.length, rand);
  const word = (): string => words[draw()] ?? "note";
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
  const capital = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
  const sentence = (): string => {
    const n = 6 + Math.floor(rand() * 14);
    const ws = Array.from({ length: n }, word);
    return `${capital(ws.join(" "))}.`;
  };

  const titles: string[] = [];
  const paths: string[] = [];
  for (let i = 0; i < count; i++) {
    const title = `${capital(word())} ${word()} ${i}`;
    titles.push(title);
    paths.push(`${pick(TOPICS)}/${title}.md`);
  }
  const files: Record<string, string> = {};
  for (let i = 0; i < count; i++) {
    const lines = ["---", `tags: [${pick(TOPICS).toLowerCase()}, ${pick(COMMON)}]`, "---", `# ${titles[i] ?? ""}`, ""];
    const sections = 2 + Math.floor(rand() * 4);
    for (let s = 0; s < sections; s++) {
      lines.push(`## ${capital(word())} ${word()}`, "");
      const paragraphs = 1 + Math.floor(rand() * 2);
      for (let p = 0; p < paragraphs; p++) {
        const text = Array.from({ length: 2 + Math.floor(rand() * 4) }, sentence).join(" ");
        const link = rand() < 0.3 ? ` See [[${pick(titles)}]].` : "";
        const tag = rand() < 0.2 ? ` #${pick(COMMON)}` : "";
        lines.push(`${text}${link}${tag}`, "");
      }
    }
    files[paths[i] ?? ""] = lines.join("\n");
  }
  return { files, paths, commonWords: COMMON };
}

/**
 * bench:ui's ten queries and the `switches` notes it opens with the related view, drawn in its order from seed 7,
 * so that every bench on its vault asks the same. The notes are distinct and never the one open first: a switch to
 * the note already shown would not update the view.
 */
export function uiDraws(vault: SyntheticVault, switches = 30): { queries: string[]; switchTo: string[] } {
  const rand = seededRandom(7);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
  const queries = Array.from({ length: 10 }, (_, i) => Array.from({ length: 2 + (i % 2) }, () => pick(vault.commonWords)).join(" "));
  const switchTo: string[] = [];
  while (switchTo.length < Math.min(switches, vault.paths.length - 1)) {
    const path = pick(vault.paths);
    if (path !== vault.paths[0] && !switchTo.includes(path)) switchTo.push(path);
  }
  return { queries, switchTo };
}
