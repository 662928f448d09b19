import { seededRandom } from "./ui-vault";

/** A long question made from a note's paragraph, whose answer is the note the paragraph links to. */
export interface LinkQuestion {
  /** The paragraph with its link removed. */
  text: string;
  /** Note the paragraph came from; left out of the ranking, since it holds the question itself. */
  source: string;
  /** Note the link pointed to: the one relevant answer. */
  target: string;
  words: number;
}

const LINK = /!?\[\[([^\]|#^]+)(?:[#^][^\]|]*)?(?:\|([^\]]*))?\]\]/g;
const MIN_WORDS = 40;
const MAX_WORDS = 340;

/**
 * Questions by one fixed rule: every paragraph (blank-line separated, frontmatter, headings and code left out) of
 * 40–340 words, after its link is removed, that links to exactly one other note of the vault becomes a question
 * whose only relevant answer is that note. The link's target and display text are removed, so the question never
 * names its answer's title by the link. A seeded sample of `count` is returned.
 */
export function linkQuestions(notes: ReadonlyMap<string, string>, count: number, seed = 8): LinkQuestion[] {
  const byName = new Map<string, string>();
  for (const path of notes.keys()) byName.set(baseName(path), path);
  const out: LinkQuestion[] = [];
  for (const [source, raw] of notes) {
    const body = raw.replace(/^---\n[\s\S]*?\n---\n/, "").replace(/```[\s\S]*?```/g, "");
    for (const para of body.split(/\n\s*\n/)) {
      if (/^\s*#/.test(para)) continue;
      const targets = new Set<string>();
      for (const m of para.matchAll(LINK)) {
        const path = byName.get(baseName(m[1] ?? ""));
        if (path) targets.add(path);
      }
      const target = [...targets][0];
      if (targets.size !== 1 || target === undefined || target === source) continue;
      const text = para.replace(LINK, " ").replace(/\s+/g, " ").trim();
      const words = text.split(" ").filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
      if (words >= MIN_WORDS && words <= MAX_WORDS) out.push({ text, source, target, words });
    }
  }
  const rnd = seededRandom(Number(seed));
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j] as LinkQuestion, out[i] as LinkQuestion];
  }
  return out.slice(0, count);
}

function baseName(path: string): string {
  return (path.split("/").pop() ?? path).replace(/\.md$/i, "").trim().toLowerCase();
}
