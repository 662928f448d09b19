import { RevisionMemo } from "../index/revision-memo";
import type { ClauseTerm } from "./bm25-terms";
import { ClauseCache } from "./clause-cache";
import { ChunkWordsMemo } from "./chunk-words";
import { OrderMisses } from "./word-order";

/**
 * What a keyword searcher keeps from one search for the next: typing a query asks again, key after key, for most of
 * what the key before worked out. Every part is held for one index revision (each checks it when read).
 */
export class SearchMemos {
  /** Scores of the clauses of the last few searches, so the next keystroke pays only for what changed. */
  readonly clauseScores = new ClauseCache();
  /** Typo corrections of the words of the last searches (see `KeywordQueryContext.corrections`). */
  readonly corrections = new RevisionMemo<ClauseTerm[]>();
  /** Words of the chunks the last searches checked for word order and misspelt words, tokenised once. */
  readonly chunkWords = new ChunkWordsMemo();
  /** Chunks the last keys found without the typed words in order (see `OrderMisses`). */
  readonly orderMisses = new OrderMisses();
}
