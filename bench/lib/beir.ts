import { readFileSync } from "node:fs";
import { join } from "node:path";

/** A BEIR-layout dataset: corpus.jsonl, queries.jsonl, qrels/<split>.tsv. */
export interface BeirDataset {
  name: string;
  docs: { id: string; title: string; text: string }[];
  queries: Map<string, string>;
  /** query id → (doc id → graded relevance > 0) */
  qrels: Map<string, Map<string, number>>;
}

function jsonl(path: string): Record<string, unknown>[] {
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

const str = (v: unknown): string => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");

export function loadBeir(dir: string, split: string): BeirDataset {
  const docs = jsonl(join(dir, "corpus.jsonl")).map((d) => ({ id: str(d._id), title: str(d.title), text: str(d.text) }));
  const queries = new Map(jsonl(join(dir, "queries.jsonl")).map((q) => [str(q._id), str(q.text)]));
  const qrels = new Map<string, Map<string, number>>();
  const lines = readFileSync(join(dir, "qrels", `${split}.tsv`), "utf8").split("\n").slice(1);
  for (const line of lines) {
    const [q, d, s] = line.trim().split("\t");
    const grade = Number(s);
    if (!q || !d || !(grade > 0)) continue;
    let m = qrels.get(q);
    if (!m) qrels.set(q, (m = new Map<string, number>()));
    m.set(d, grade);
  }
  for (const q of [...qrels.keys()]) if (!queries.has(q)) qrels.delete(q);
  const name = dir.replace(/\/+$/, "").split("/").pop() ?? dir;
  return { name, docs, queries, qrels };
}
