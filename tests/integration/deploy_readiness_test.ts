import { assert, assertEquals } from "@std/assert";
import { fileURLToPath } from "node:url";
import { deployWarnings, parseConfig, PLATFORM_KV } from "../../domain/config.ts";

/**
 * What Deno Deploy and several instances on KV Connect need of the server (docs/deploy.md): no
 * writes to the local file system at run time, and settings that parse into the mode each host needs.
 */
const ROOT = new URL("../../", import.meta.url);
const DOC = new URL("docs/deploy.md", ROOT);

/** Every call that creates, changes or removes something on the local file system. */
const FS_WRITE = new RegExp(
  [
    String
      .raw`\bDeno\.(writeFile|writeTextFile|mkdir|makeTempDir|makeTempFile|create|remove|rename|copyFile|` +
    String.raw`truncate|symlink|link|chmod|chown|utime)(Sync)?\b`,
    String.raw`\bDeno\.open(Sync)?\([^)]*\b(write|append|create|truncate)\s*:\s*true`,
    String.raw`\bDeno\.openKv\(`,
    String.raw`from\s+["']node:fs(/promises)?["']`,
  ].join("|"),
  "g",
);
/**
 * The one allowed: kv/open.ts opens a KV file and creates its folder, for a self-hosted server with
 * KV_PATH set to a file. With KV_PATH=:default: (Deno Deploy) or a URL (KV Connect) it writes nothing.
 */
const ALLOWED = new Map([["kv/open.ts", ["Deno.mkdir", "Deno.openKv("]]]);

interface InfoModule {
  specifier: string;
  dependencies?: { code?: { specifier: string }; isDynamic?: boolean }[];
}

/** The local modules main.ts imports statically, and those it only imports dynamically. */
async function serverModules() {
  const { code, stdout } = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", "main.ts"],
    cwd: fileURLToPath(ROOT),
    stdout: "piped",
    stderr: "null",
  }).output();
  assertEquals(code, 0, "deno info main.ts");
  const modules = new Map<string, InfoModule>(
    (JSON.parse(new TextDecoder().decode(stdout)).modules as InfoModule[]).map((
      module,
    ) => [module.specifier, module]),
  );
  const walk = (from: string, dynamicToo: boolean) => {
    const seen = new Set<string>();
    const next = [from];
    while (next.length > 0) {
      const specifier = next.pop()!;
      if (seen.has(specifier)) continue;
      seen.add(specifier);
      for (const dependency of modules.get(specifier)?.dependencies ?? []) {
        const target = dependency.code?.specifier;
        if (target?.startsWith(ROOT.href) && (dynamicToo || !dependency.isDynamic)) next.push(target);
      }
    }
    return seen;
  };
  const main = new URL("main.ts", ROOT).href;
  const statics = walk(main, false);
  const dynamicOnly = [...walk(main, true)].filter((specifier) => !statics.has(specifier));
  const relative = (specifier: string) => specifier.slice(ROOT.href.length);
  return { statics: [...statics].map(relative), dynamicOnly: dynamicOnly.map(relative) };
}

Deno.test("the server writes nothing to the local file system at run time, beyond a KV file it is given", async () => {
  const { statics, dynamicOnly } = await serverModules();
  assert(statics.length > 50, `main.ts imports ${statics.length} local modules`);
  const found: string[] = [];
  for (const path of statics) {
    const text = await Deno.readTextFile(new URL(path, ROOT));
    const writes = [...text.matchAll(FS_WRITE)].map((match) => match[0].replace(/\s+/g, " "));
    const allowed = ALLOWED.get(path) ?? [];
    for (const write of writes) {
      if (!allowed.some((prefix) => write.startsWith(prefix))) found.push(`${path}: ${write}`);
    }
  }
  assertEquals(found, [], "a file-system write in a module the server loads (see docs/deploy.md)");
  // Only the island build writes files (static/build/), and main.ts loads it only when the bundles are
  // missing: on Deno Deploy `deno task build` has made them in the build step.
  assertEquals(dynamicOnly, ["routes/island_build.ts"]);
});

Deno.test("KV_PATH=:default: opens the platform's KV (Deno.openKv() without a path) and creates nothing", async () => {
  const scratch = await Deno.makeTempDir({ prefix: "deploy-readiness-" });
  try {
    const cwd = `${scratch}/app`;
    await Deno.mkdir(cwd);
    const script = [
      `import { openKv } from ${JSON.stringify(new URL("kv/open.ts", ROOT).href)};`,
      `const kv = await openKv(${JSON.stringify(PLATFORM_KV)});`,
      `await kv.set(["deploy-readiness"], 1);`,
      `console.log((await kv.get(["deploy-readiness"])).value);`,
      `kv.close();`,
    ].join("\n");
    // Deno keeps the local stand-in of that database under DENO_DIR: a scratch one here.
    const run = await new Deno.Command(Deno.execPath(), {
      args: ["eval", "--unstable-kv", "--no-config", script],
      cwd,
      env: { DENO_DIR: `${scratch}/deno_dir`, NO_COLOR: "1" },
      stdout: "piped",
      stderr: "piped",
    }).output();
    assertEquals(run.code, 0, new TextDecoder().decode(run.stderr));
    assertEquals(new TextDecoder().decode(run.stdout).trim(), "1");
    const created = [];
    for await (const entry of Deno.readDir(cwd)) created.push(entry.name);
    assertEquals(created, [], "nothing written where the app runs");
  } finally {
    await Deno.remove(scratch, { recursive: true });
  }
});

/** The `NAME=value` lines of the fenced block that follows `<!-- env:{name} -->` in docs/deploy.md. */
async function documentedEnv(name: string): Promise<Record<string, string>> {
  const doc = await Deno.readTextFile(DOC);
  const block = new RegExp(`<!-- env:${name} -->\\s*\`\`\`\\w*\\n([\\s\\S]*?)\`\`\``).exec(doc)?.[1];
  if (!block) throw new Error(`docs/deploy.md has no env:${name} block`);
  const env: Record<string, string> = {};
  for (const line of block.split("\n")) {
    const setting = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    // As a .env file reads it: surrounding double quotes are not part of the value.
    if (setting) env[setting[1]] = setting[2].replace(/^"(.*)"$/, "$1");
  }
  return env;
}

/** What Deno Deploy adds to every app's environment (https://docs.deno.com/deploy/reference/env_vars_and_contexts/). */
const SET_BY_DENO_DEPLOY = { DENO_DEPLOY: "true", DENO_TIMELINE: "production" };

Deno.test("docs/deploy.md's Deno Deploy settings start production queue-less on the platform's KV", async () => {
  const config = parseConfig({ ...await documentedEnv("deno-deploy"), ...SET_BY_DENO_DEPLOY });
  assertEquals(config.env, "production");
  assertEquals(config.onDenoDeploy, true);
  assertEquals(config.kvPath, PLATFORM_KV);
  assertEquals(config.jobs.queue, false, "Deno Deploy's KV has no queues");
  assertEquals(config.jobs.sweepSeconds, 1);
  assertEquals(deployWarnings(config), []);
});

Deno.test("on Deno Deploy the documented KV_PATH and JOB_QUEUE lines are the defaults: leaving them out changes nothing", async () => {
  const documented = await documentedEnv("deno-deploy");
  assertEquals([documented.KV_PATH, documented.JOB_QUEUE], [PLATFORM_KV, "off"], "the lines this test drops");
  const { KV_PATH: _kvPath, JOB_QUEUE: _jobQueue, ...rest } = documented;
  const withDefaults = parseConfig({ ...rest, ...SET_BY_DENO_DEPLOY });
  assertEquals(withDefaults, parseConfig({ ...documented, ...SET_BY_DENO_DEPLOY }));
  // The same settings anywhere else would be a KV file and the queue: what the defaults exist to prevent.
  const elsewhere = parseConfig(rest);
  assertEquals([elsewhere.kvPath, elsewhere.jobs.queue], ["./data/app.kv", true]);
});

Deno.test("docs/deploy.md's KV Connect settings start production queue-less on the denokv server", async () => {
  const env = await documentedEnv("kv-connect");
  const config = parseConfig(env);
  assertEquals(config.env, "production");
  assert(/^https:\/\//.test(config.kvPath), config.kvPath);
  assertEquals(config.jobs.queue, false, "automatic for a KV Connect URL");
  assert(env.DENO_KV_ACCESS_TOKEN, "the access token is set");
});

Deno.test("docs/deploy.md's single-server settings keep the queue on a KV file", async () => {
  const config = parseConfig(await documentedEnv("single-server"));
  assertEquals(config.env, "production");
  assert(config.kvPath.endsWith(".kv"), config.kvPath);
  assertEquals(config.jobs.queue, true);
});
