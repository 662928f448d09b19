/**
 * Where the selection goes when a result list is replaced: it follows the selected note if the new list still
 * has it, and otherwise stays at the same position (clamped to the new list), so the row under the cursor or the
 * keyboard focus does not jump when better results arrive.
 */
export function keptSelection(oldKeys: readonly string[], oldIndex: number, newKeys: readonly string[]): number {
  if (newKeys.length === 0) return 0;
  const selected = oldKeys[oldIndex];
  const found = selected === undefined ? -1 : newKeys.indexOf(selected);
  if (found >= 0) return found;
  return Math.min(Math.max(0, oldIndex), newKeys.length - 1);
}
