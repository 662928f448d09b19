import * as fs from "node:fs/promises";

/**
 * Reads a file like `fs.promises.readFile`, but a regular file's bytes in one read call. Node's own reads a file over
 * 512 KB in 512 KB pieces, each a round trip through the thread pool that waits for the main thread to take its
 * result and ask for the next: while a load decodes one 4 MB index segment in 10 ms slices, the read of the next
 * advanced a piece per slice, and the load then sat idle waiting for it. Files that are not regular, or whose size
 * the system reports as 0 (some special files), are read by Node's own code.
 */
export async function readWholeFile(path: string): Promise<Buffer> {
  const handle = await fs.open(path, "r");
  try {
    const info = await handle.stat();
    if (!info.isFile() || info.size === 0) return await handle.readFile();
    const size = info.size;
    const bytes = Buffer.allocUnsafeSlow(size);
    let at = 0;
    // One call reads it all unless the system returns less (a file shrinking meanwhile, network file systems).
    while (at < size) {
      const { bytesRead } = await handle.read(bytes, at, size - at, at);
      if (bytesRead === 0) break;
      at += bytesRead;
    }
    return at === size ? bytes : bytes.subarray(0, at);
  } finally {
    await handle.close();
  }
}
