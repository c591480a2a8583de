/**
 * CPU-heavy work off the request loop: a few Web Workers running one module, each doing
 * one task at a time, with the rest waiting in line. The HTTP loop only posts the input and awaits the
 * answer, so a 350 ms render never holds up a request. Workers start on first use and end with
 * `close()` (the process's providers close them at shutdown, tests when their app is disposed).
 *
 * The worker module answers each `{ id, input }` message with `{ id, output }` or `{ id, error }`.
 */
export interface CpuPool<Input, Output> {
  run(input: Input): Promise<Output>;
  close(): void;
}

interface Task<Input, Output> {
  input: Input;
  resolve: (output: Output) => void;
  reject: (error: Error) => void;
}

type Answer<Output> = { id: number; output: Output } | { id: number; error: string };

export interface CpuPoolOptions {
  /** Workers at most. */
  size: number;
  /**
   * After each task a worker rests this many times as long as the task took, so work that never
   * ends (a backlog of renders) leaves the machine's other core to the requests: 1 is half a core.
   */
  rest?: number;
}

export function cpuPool<Input, Output>(moduleUrl: URL, options: CpuPoolOptions): CpuPool<Input, Output> {
  const { size, rest = 0 } = options;
  const idle: Worker[] = [];
  const all: Worker[] = [];
  const waiting: Task<Input, Output>[] = [];
  const running = new Map<number, { worker: Worker; task: Task<Input, Output>; startedAt: number }>();
  const resting = new Set<ReturnType<typeof setTimeout>>();
  let nextId = 0;
  let closed = false;

  const spawn = () => {
    const worker = new Worker(moduleUrl, { type: "module" });
    worker.onmessage = (event: MessageEvent<Answer<Output>>) => {
      const answer = event.data;
      const job = running.get(answer.id);
      if (!job) return;
      running.delete(answer.id);
      if ("error" in answer) job.task.reject(new Error(answer.error));
      else job.task.resolve(answer.output);
      const restMs = (performance.now() - job.startedAt) * rest;
      if (restMs <= 0) return release(worker);
      const timer = setTimeout(() => {
        resting.delete(timer);
        release(worker);
      }, restMs);
      resting.add(timer);
    };
    worker.onerror = (event) => {
      // The worker is gone (its module failed to load, or it crashed): fail what it held.
      event.preventDefault();
      for (const [id, job] of running) {
        if (job.worker !== worker) continue;
        running.delete(id);
        job.task.reject(new Error(`The CPU worker failed: ${event.message}`));
      }
      all.splice(all.indexOf(worker), 1);
      worker.terminate();
      dispatch();
    };
    all.push(worker);
    return worker;
  };

  const release = (worker: Worker) => {
    if (closed) return;
    idle.push(worker);
    dispatch();
  };

  const dispatch = () => {
    while (waiting.length && !closed) {
      const worker = idle.pop() ?? (all.length < size ? spawn() : null);
      if (!worker) return;
      const task = waiting.shift()!;
      const id = nextId++;
      running.set(id, { worker, task, startedAt: performance.now() });
      worker.postMessage({ id, input: task.input });
    }
  };

  return {
    run(input) {
      if (closed) return Promise.reject(new Error("The CPU pool is closed."));
      return new Promise<Output>((resolve, reject) => {
        waiting.push({ input, resolve, reject });
        dispatch();
      });
    },
    close() {
      closed = true;
      for (const timer of resting) clearTimeout(timer);
      resting.clear();
      for (const worker of all) worker.terminate();
      for (const { task } of running.values()) task.reject(new Error("The CPU pool was closed."));
      for (const task of waiting) task.reject(new Error("The CPU pool was closed."));
      all.length = idle.length = waiting.length = 0;
      running.clear();
    },
  };
}
