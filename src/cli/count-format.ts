let formatter: Intl.NumberFormat | undefined;

/**
 * `n` with en-US digit grouping ("1,234"). The formatter is made on first use, not when the module loads: a process's
 * first `Intl.NumberFormat` loads ICU's number data (60-90 ms on a loaded 2-core machine), which an `mcp` server
 * should not pay before its first answer, when no count has been printed yet.
 */
export function formatCount(n: number): string {
  formatter ??= new Intl.NumberFormat("en-US");
  return formatter.format(n);
}
