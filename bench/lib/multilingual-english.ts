/**
 * Other inflected forms of an English word by plain suffix rules (plural/singular, -ing, -ed). Most outputs are not
 * words; the query rule keeps only forms the vault itself uses somewhere, so every query word is real English.
 */
export function englishVariants(w: string): string[] {
  if (!/^[a-z]{4,}$/.test(w)) return [];
  const out = new Set<string>();
  const stem = stemOf(w);
  for (const base of [stem, `${stem}e`]) {
    out.add(base);
    out.add(`${base}s`);
    out.add(base.endsWith("y") ? `${base.slice(0, -1)}ies` : `${base}es`);
    out.add(`${base.replace(/e$/, "")}ing`);
    out.add(`${base.replace(/e$/, "")}ed`);
  }
  out.delete(w);
  return [...out];
}

/** The word without one inflectional ending, so that its other forms can be rebuilt from it. */
function stemOf(w: string): string {
  if (w.endsWith("ies")) return `${w.slice(0, -3)}y`;
  for (const suffix of ["ing", "ed", "es", "s"]) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 3 && !w.endsWith("ss")) return w.slice(0, -suffix.length);
  }
  return w;
}
