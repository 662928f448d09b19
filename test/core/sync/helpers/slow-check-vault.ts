import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * The small vault the model-check tests start from (a note in a folder and one at the root), in a fresh temp folder;
 * `previous`, the last test's folder, is removed first.
 */
export async function freshSlowCheckVault(previous: string): Promise<string> {
  if (previous !== "") await rm(previous, { recursive: true, force: true });
  const vault = await mkdtemp(join(tmpdir(), "hvs-slow-check-"));
  await mkdir(join(vault, "Ops"), { recursive: true });
  await writeFile(join(vault, "Ops/postgres.md"), "# Postgres\n\nBackups run nightly and restores are drilled monthly.\n");
  await writeFile(join(vault, "garden.md"), "# Garden\n\nTomatoes want water and sun.\n");
  return vault;
}
