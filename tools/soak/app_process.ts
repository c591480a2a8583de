/**
 * The real server (`main.ts`) as a child process that can be started, killed with SIGKILL and started
 * again on the same KV file, as a crash or a platform eviction would do it. Each start takes a new
 * port (PORT=0) and reports it; the process's output is drained all the time (a full pipe would stall
 * the server) and its last lines kept for when something goes wrong.
 */
import { START_ARGS } from "../bench_server.ts";
import { fileURLToPath } from "node:url";
import { manifestPath } from "../../routes/assets.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
/** A loaded two-core machine can take several seconds to start Deno and load the app. */
const START_TIMEOUT_MS = 60_000;
const KEPT_LINES = 40;
/** Every child not yet reaped, so a watchdog or Ctrl-C can take them down before the soak exits. */
const LIVE = new Set<Deno.ChildProcess>();

/** SIGKILLs every server still running, at once; for a last-resort exit (a child would outlive it). */
export function killEveryServerNow() {
  for (const child of LIVE) {
    try {
      child.kill("SIGKILL");
    } catch {
      // Already gone.
    }
  }
}

export interface AppProcessOptions {
  /** Names the process in messages ("a", "b"). */
  name: string;
  /** The whole environment of the server, besides PATH, HOME and DENO_DIR. */
  env: Record<string, string>;
  /** Runs the server under this open-file limit (prlimit), as a small machine or a flood would. */
  openFileLimit?: number;
}

export class AppProcess implements AsyncDisposable {
  readonly name: string;
  #env: Record<string, string>;
  #openFileLimit: number | undefined;
  #child: Deno.ChildProcess | null = null;
  #drained: Promise<void>[] = [];
  #origin: string | null = null;
  #lines: string[] = [];
  /** How many times this slot was started; the first start is 1. */
  starts = 0;
  /** Set while the process is meant to be running; a child that exits unasked is reported. */
  #expectedExit = true;
  unexpectedExits = 0;
  /** What the server wrote to stderr (failed jobs, warnings), over all its starts. */
  errorLines = 0;
  firstErrors: string[] = [];

  constructor(options: AppProcessOptions) {
    this.name = options.name;
    this.#env = options.env;
    this.#openFileLimit = options.openFileLimit;
  }

  /** `http://127.0.0.1:<port>` while running, else null. */
  get origin(): string | null {
    return this.#origin;
  }

  get running(): boolean {
    return this.#child !== null;
  }

  /** The process id while running (for reading its memory from /proc), else null. */
  get pid(): number | null {
    return this.#child?.pid ?? null;
  }

  /** Starts the server and resolves once it listens. */
  async start(): Promise<void> {
    if (this.#child) throw new Error(`server ${this.name} is already running`);
    const serve = [Deno.execPath(), ...START_ARGS];
    const limit = this.#openFileLimit;
    const [command, ...args] = limit ? ["prlimit", `--nofile=${limit}:${limit}`, "--", ...serve] : serve;
    const child = new Deno.Command(command, {
      args,
      cwd: ROOT,
      env: inheritedBasics(this.#env),
      clearEnv: true,
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    this.#child = child;
    LIVE.add(child);
    this.#expectedExit = false;
    this.starts++;
    let listening: (origin: string) => void = () => {};
    const listened = new Promise<string>((resolve) => (listening = resolve));
    const onLine = (line: string) => {
      this.#keep(line);
      const port = line.match(/listening on http:\/\/localhost:(\d+)/)?.[1];
      if (port) listening(`http://127.0.0.1:${port}`);
    };
    const onErrorLine = (line: string) => {
      this.#keep(line);
      // Each logged failure starts a line of its own with no indent; stack lines are indented.
      if (!/^\s/.test(line) && line.trim()) {
        this.errorLines++;
        if (this.firstErrors.length < 5) this.firstErrors.push(line.slice(0, 300));
      }
    };
    this.#drained = [drain(child.stdout, onLine), drain(child.stderr, onErrorLine)];
    child.status.then(() => {
      LIVE.delete(child);
      if (!this.#expectedExit) this.unexpectedExits++;
    });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const outcome = await Promise.race([
      listened,
      child.status.then((status) => new Error(`exited with ${status.code} before listening`)),
      new Promise<Error>((resolve) => {
        timer = setTimeout(
          () => resolve(new Error(`did not listen within ${START_TIMEOUT_MS} ms`)),
          START_TIMEOUT_MS,
        );
      }),
    ]);
    clearTimeout(timer);
    if (outcome instanceof Error) {
      await this.kill();
      throw new Error(`server ${this.name} ${outcome.message}:\n${this.recentOutput()}`);
    }
    this.#origin = outcome;
  }

  /** SIGKILL: no shutdown code runs, in-flight requests and jobs die where they are. */
  async kill(): Promise<void> {
    await this.#end("SIGKILL");
  }

  /** SIGTERM: the server finishes its requests and jobs and closes KV (main.ts `stop`). */
  async stop(): Promise<void> {
    await this.#end("SIGTERM");
  }

  async #end(signal: Deno.Signal) {
    const child = this.#child;
    if (!child) return;
    this.#expectedExit = true;
    this.#origin = null;
    try {
      child.kill(signal);
    } catch {
      // Already gone.
    }
    // A graceful stop that hangs is finished off, so a run always ends.
    const hardStop = signal === "SIGKILL" ? undefined : setTimeout(() => {
      try {
        child.kill("SIGKILL");
      } catch {
        // Exited meanwhile.
      }
    }, 15_000);
    await child.status;
    clearTimeout(hardStop);
    await Promise.all(this.#drained);
    this.#child = null;
  }

  /** The last lines the server wrote, for a failure message. */
  recentOutput(): string {
    return this.#lines.map((line) => `  [${this.name}] ${line}`).join("\n");
  }

  #keep(line: string) {
    this.#lines.push(line);
    if (this.#lines.length > KEPT_LINES) this.#lines.shift();
  }

  async [Symbol.asyncDispose]() {
    await this.kill();
  }
}

/** The bundles must exist before servers start, or each would build them at once into one folder. */
export async function ensureBundles(): Promise<void> {
  try {
    await Deno.stat(manifestPath());
  } catch {
    const { buildIslands } = await import("../../routes/island_build.ts");
    await buildIslands();
  }
}

function inheritedBasics(env: Record<string, string>): Record<string, string> {
  const basics: Record<string, string> = { NO_COLOR: "1" };
  for (const name of ["PATH", "HOME", "DENO_DIR", "TMPDIR"]) {
    const value = Deno.env.get(name);
    if (value) basics[name] = value;
  }
  return { ...basics, ...env };
}

/** Reads a stream line by line until it ends (the process exited). */
async function drain(stream: ReadableStream<Uint8Array<ArrayBuffer>>, onLine: (line: string) => void) {
  let buffered = "";
  try {
    for await (const chunk of stream.pipeThrough(new TextDecoderStream())) {
      buffered += chunk;
      const lines = buffered.split("\n");
      buffered = lines.pop() ?? "";
      for (const line of lines) onLine(line);
    }
  } catch {
    // The pipe broke with the process; what was read is kept.
  }
  if (buffered) onLine(buffered);
}
