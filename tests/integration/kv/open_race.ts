/**
 * Processes opening the same fresh KV files at once, each file in turn, through `openKv`: SQLite's
 * set-up of a new file meets the other processes' locks. Before openKv retried a busy open, four
 * processes on 150 files collided a few times per run with "database is locked" (a CI run lost a
 * migration test to it). The gate runs a few files (busy_retry_test.ts); `deno task bench` the full
 * race (tests/scale/kv_open_race_test.ts).
 */
export interface OpenRaceResult {
  /** Each process's failure, as it printed it (none when all opened every file). */
  failures: string[];
}

export async function openSameFilesAtOnce(processes: number, files: number): Promise<OpenRaceResult> {
  const dir = await Deno.makeTempDir({ prefix: "busy_open_" });
  try {
    const script = `
      import { openKv } from "${new URL("../../../kv/open.ts", import.meta.url)}";
      for (let i = 0; i < ${files}; i++) (await openKv(${
      JSON.stringify(dir)
    } + "/store" + i + ".kv")).close();
    `;
    const outputs = await Promise.all(
      Array.from({ length: processes }, () =>
        new Deno.Command(Deno.execPath(), {
          args: ["eval", "--ext=ts", script],
          stdout: "null",
          stderr: "piped",
        }).output()),
    );
    return {
      failures: outputs.filter((output) => output.code !== 0).map((output) =>
        new TextDecoder().decode(output.stderr)
      ),
    };
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}
