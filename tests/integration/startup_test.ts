import { assert, assertEquals, assertMatch } from "@std/assert";

/** Runs main.ts as a real process with only the given environment (plus PATH and HOME). */
function startMain(env: Record<string, string>) {
  return new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "main.ts"],
    env: { PATH: Deno.env.get("PATH") ?? "", HOME: Deno.env.get("HOME") ?? "", NO_COLOR: "1", ...env },
    clearEnv: true,
    stdout: "piped",
    stderr: "piped",
  });
}

Deno.test("production without its keys stops at start-up with one line naming them", async () => {
  const { code, stdout, stderr } = await startMain({ APP_ENV: "production", KV_PATH: ":memory:" }).output();
  assertEquals(code, 1);
  assertEquals(new TextDecoder().decode(stdout), "");
  const lines = new TextDecoder().decode(stderr).trim().split("\n");
  assertEquals(lines.length, 1);
  assertMatch(lines[0], /^Little Hits cannot start: Missing APP_URL, STRIPE_SECRET_KEY, .*SMTP_URL/);
});

Deno.test("a KV path that cannot be opened stops start-up with one clear line", async () => {
  const { code, stderr } = await startMain({ KV_PATH: "/dev/null/app.kv" }).output();
  assertEquals(code, 1);
  const lines = new TextDecoder().decode(stderr).trim().split("\n");
  assertEquals(lines.length, 1);
  assertMatch(
    lines[0],
    /^Little Hits cannot start: Cannot open Deno KV at "\/dev\/null\/app.kv" \(KV_PATH\)/,
  );
});

Deno.test("development start-up names each provider in use and serves /healthz", async () => {
  const child = startMain({ KV_PATH: ":memory:", PORT: "0" }).spawn();
  const lines: string[] = [];
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let port = "";
  let buffered = "";
  while (!port) {
    const { value, done } = await reader.read();
    if (done) break;
    buffered += value;
    lines.push(...buffered.split("\n").slice(0, -1));
    buffered = buffered.split("\n").at(-1)!;
    port = lines.join("\n").match(/listening on http:\/\/localhost:(\d+)/)?.[1] ?? "";
  }
  try {
    assert(port, lines.join("\n"));
    assertEquals(lines.filter((line) => /^(payments|lyrics|music|mail):/.test(line)).length, 4);
    const response = await fetch(`http://127.0.0.1:${port}/healthz`);
    assertEquals(await response.json(), { ok: true });
  } finally {
    child.kill("SIGTERM");
    await reader.cancel();
    await child.stderr.cancel();
    await child.status;
  }
});
