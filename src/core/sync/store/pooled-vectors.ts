import type { VectorPool } from "../embedding/vector-pool";

/** Vector lookups between two pauses: some 64 float copies, well under a millisecond. */
const LOOKUPS_PER_PAUSE = 64;

/**
 * The vectors `pool` knows for `hashes`, in their order, with a pause after every `LOOKUPS_PER_PAUSE`. A lookup that
 * finds a vector of an int8 index makes a float copy of it (3 KB at 768 dimensions), and the lookups for one note
 * of thousands of chunks took 20–49 ms (sampled) in single stalls at 100,000 notes (bench:sync --stall-profile).
 */
export async function pooledVectors(
  pool: Pick<VectorPool, "lookup">,
  hashes: readonly string[],
  pause: () => Promise<void>,
): Promise<(Float32Array | undefined)[]> {
  const vectors: (Float32Array | undefined)[] = [];
  for (const hash of hashes) {
    vectors.push(pool.lookup(hash));
    if (vectors.length % LOOKUPS_PER_PAUSE === 0) await pause();
  }
  return vectors;
}
