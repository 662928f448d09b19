/**
 * The terms of one save (the parts that share its trailer, see `postings-ranks`), or of one part without a trailer,
 * by rank: rank order is ascending term order. Parts fill it as they are read.
 */
export class TermGroup {
  /** `strings[rank]`, read from the first part that has the rank. */
  readonly strings: string[];
  /** 1 once `strings[rank]` is read. */
  readonly known: Uint8Array;
  /** Postings kept of each rank, over the group's parts. */
  readonly sizes: Int32Array;
  /** The merged term each rank went to (`joinTerms`); -1 for a rank no part keeps a posting of. */
  finalOf = new Int32Array(0);

  constructor(
    readonly size: number,
    /** The strings were checked ascending as they were read (one part's own terms). */
    readonly checked: boolean,
  ) {
    this.strings = new Array<string>(size);
    this.known = new Uint8Array(size);
    this.sizes = new Int32Array(size);
  }
}

/** One part's terms of the field being merged, as `joinTerms` reads them. */
export interface PartTerms {
  group: TermGroup;
  /** Rank of each of the part's terms in its group. */
  rankOf: Int32Array;
  /** Postings of each term the part keeps. */
  keptOf: Int32Array;
  /** Set here: the merged term each of the part's terms goes to; -1 when the part keeps none of its postings. */
  slotOf: Int32Array;
}

/**
 * Joins the groups' terms into one ascending list, with the postings each term keeps over every part, and sets
 * each part's `slotOf`. A term no part keeps a posting of is left out. Undefined when a save's terms are not
 * ascending in rank order (not a file a save wrote). The biggest save's terms are in order already: they join the
 * rest in one walk. The rest (other saves, old parts) are grouped by a map and only their distinct terms sorted (a
 * k-way merge of many lists compared strings several times per term, and cost twice as much).
 */
export function joinTerms(parts: readonly PartTerms[], groups: readonly TermGroup[]): { terms: string[]; sizes: number[] } | undefined {
  for (const p of parts) {
    const { rankOf, keptOf } = p;
    const sizes = p.group.sizes;
    for (let t = 0; t < keptOf.length; t++) sizes[rankOf[t]!]! += keptOf[t]!;
  }
  let biggest: TermGroup | undefined;
  for (const g of groups) if (!g.checked && (!biggest || g.size > biggest.size)) biggest = g;
  // The biggest save's kept terms, in rank order (ascending, checked here).
  const ranks: number[] = [];
  const ordered: string[] = [];
  if (biggest) {
    for (let rank = 0; rank < biggest.size; rank++) {
      if (biggest.sizes[rank] === 0) continue;
      const term = biggest.strings[rank]!;
      if (ordered.length > 0 && !(ordered[ordered.length - 1]! < term)) return undefined;
      ranks.push(rank);
      ordered.push(term);
    }
  }
  // The others' kept terms: distinct by a map, then sorted; `finalOf` holds each rank's place in `found` meanwhile.
  const slotByTerm = new Map<string, number>();
  const found: string[] = [];
  for (const g of groups) {
    g.finalOf = new Int32Array(g.size).fill(-1);
    if (g === biggest) continue;
    const { sizes, strings, finalOf } = g;
    let previous: string | undefined;
    for (let rank = 0; rank < g.size; rank++) {
      if (sizes[rank] === 0) continue;
      const term = strings[rank]!;
      if (!g.checked && previous !== undefined && !(previous < term)) return undefined;
      previous = term;
      let slot = slotByTerm.get(term);
      if (slot === undefined) {
        slot = found.length;
        slotByTerm.set(term, slot);
        found.push(term);
      }
      finalOf[rank] = slot;
    }
  }
  // The default sort orders strings by UTF-16 code units, as `<` does (and every save its terms), without calling
  // a comparator per pair. First-seen order is a few long ascending runs (each part's new terms), which it merges.
  const sorted = [...found].sort();
  const placeOfSlot = new Int32Array(found.length);
  const { terms, fromFirst, fromSecond } = mergeTwo(ordered, sorted);
  for (const [i, term] of sorted.entries()) placeOfSlot[slotByTerm.get(term)!] = fromSecond[i]!;
  const sizes = new Array<number>(terms.length).fill(0);
  for (const g of groups) {
    const finalOf = g.finalOf;
    if (g === biggest) {
      for (const [k, rank] of ranks.entries()) {
        finalOf[rank] = fromFirst[k]!;
        sizes[fromFirst[k]!]! += g.sizes[rank]!;
      }
      continue;
    }
    for (let rank = 0; rank < g.size; rank++) {
      if (g.sizes[rank] === 0) continue;
      finalOf[rank] = placeOfSlot[finalOf[rank]!]!;
      sizes[finalOf[rank]!]! += g.sizes[rank]!;
    }
  }
  for (const p of parts) {
    const { rankOf, keptOf } = p;
    const finalOf = p.group.finalOf;
    const slotOf = (p.slotOf = new Int32Array(keptOf.length));
    for (let t = 0; t < keptOf.length; t++) slotOf[t] = keptOf[t]! > 0 ? finalOf[rankOf[t]!]! : -1;
  }
  return { terms, sizes };
}

/** The union of two ascending lists of distinct terms, and where each term of either went in it. */
function mergeTwo(a: readonly string[], b: readonly string[]): { terms: string[]; fromFirst: Int32Array; fromSecond: Int32Array } {
  const terms: string[] = [];
  const fromFirst = new Int32Array(a.length);
  const fromSecond = new Int32Array(b.length);
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const x = a[i];
    const y = b[j];
    if (y === undefined || (x !== undefined && x < y)) fromFirst[i++] = terms.length;
    else {
      if (x === y) fromFirst[i++] = terms.length;
      fromSecond[j++] = terms.length;
    }
    terms.push(y === undefined || (x !== undefined && x < y) ? x! : y);
  }
  return { terms, fromFirst, fromSecond };
}
