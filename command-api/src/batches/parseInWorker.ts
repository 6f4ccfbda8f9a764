import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { FileType } from './fileType';
import type { ParsedSheet } from './parseUpload';
import type { ReadUpload, UploadModel } from './readUpload';
import { UnreadableFileError } from './unreadableFile';

/**
 * How much one upload's reading may cost: the reader's heap (a file past it is refused, not the
 * process killed), its time, and how many files are read at once (the others wait their turn).
 * `ready` workers are started ahead and kept however long they wait (keepUploadReaderReady), so an upload does
 * not wait for a reader to start; any other idle worker ends after idleSeconds.
 */
export type ParseLimits = { memoryMb: number; seconds: number; workers: number; idleSeconds: number; ready?: number };

export const PARSE_LIMITS: ParseLimits = {
  memoryMb: 512,
  seconds: 60,
  workers: Math.max(1, Math.min(2, availableParallelism() - 1)),
  idleSeconds: 30,
};

const ENTRY = join(__dirname, 'parseWorker.cjs');

type Answer = { sheet: ParsedSheet } | { read: ReadUpload } | { unreadable: string } | { failed: string };
type Task = {
  file: Buffer;
  fileType: FileType;
  /** With a model, the records are checked and serialised as this batch's (readUpload). */
  checking?: { model: UploadModel; batchId: number };
  resolve: (answer: ParsedSheet | ReadUpload) => void;
  reject: (error: Error) => void;
};

/**
 * Uploads are read (and their records checked against the model) in worker threads, each with a
 * memory cap and a time limit, so a hostile file (a sparse sheet, a deflate bomb, a CSV of a million
 * columns) costs its sender a refusal and the process serving everyone neither its memory nor its
 * event loop (checking 100 000 records took it about 0.4 s). A worker that runs out of memory
 * or time is ended and its upload refused with a reason (UnreadableFileError: the batch fails, 422);
 * the next upload gets a new worker. Workers are kept a while for the next upload (starting one
 * loads the TypeScript parser and SheetJS, about 0.7 s on a 2-core machine), then ended so their
 * memory goes back, except the `ready` ones a serving process keeps started (keepUploadReaderReady).
 */
export class ParsePool {
  private readonly idle: { worker: Worker; timer: NodeJS.Timeout | undefined }[] = [];
  private readonly queue: Task[] = [];
  private running = 0;
  private starting = 0;

  constructor(private readonly limits: ParseLimits = PARSE_LIMITS) {}

  /** How many workers wait, started, for the next upload. */
  get waiting(): number {
    return this.idle.length;
  }

  /**
   * Starts workers until `ready` of them wait for an upload (none past the pool's size); resolves
   * once they have. A worker that cannot start is left to the next upload, which starts its own.
   */
  async warm(): Promise<void> {
    const wanted = Math.min(this.limits.ready ?? 0, this.limits.workers) - this.idle.length - this.running - this.starting;
    await Promise.all(
      Array.from({ length: Math.max(0, wanted) }, async () => {
        this.starting += 1;
        try {
          this.keep(await this.started());
        } catch {
          // Nothing waits ready; the next upload starts a worker and reports what stops it.
        } finally {
          this.starting -= 1;
        }
      }),
    );
  }

  /** The sheet as read (parseUpload). */
  parse(file: Buffer, fileType: FileType): Promise<ParsedSheet> {
    return this.submit(file, fileType) as Promise<ParsedSheet>;
  }

  /** The upload read, its records checked against the model and serialised as batch `batchId`'s (readUpload), in the worker too. */
  read(file: Buffer, fileType: FileType, model: UploadModel, batchId: number): Promise<ReadUpload> {
    return this.submit(file, fileType, { model, batchId }) as Promise<ReadUpload>;
  }

  private submit(file: Buffer, fileType: FileType, checking?: Task['checking']): Promise<ParsedSheet | ReadUpload> {
    return new Promise((resolve, reject) => {
      this.queue.push({ file, fileType, checking, resolve, reject });
      this.next();
    });
  }

  /** Ends the idle workers (a busy one ends when its file is read). */
  async close(): Promise<void> {
    await Promise.all(this.idle.splice(0).map(({ worker, timer }) => (clearTimeout(timer), worker.terminate())));
  }

  private next(): void {
    while (this.running < this.limits.workers && this.queue.length > 0) {
      const task = this.queue.shift() as Task;
      this.running += 1;
      this.run(task).finally(() => {
        this.running -= 1;
        this.next();
      });
    }
  }

  private async run(task: Task): Promise<void> {
    const kept = this.idle.pop();
    if (kept) clearTimeout(kept.timer);
    let worker: Worker;
    try {
      worker = kept?.worker ?? (await this.started());
    } catch (error) {
      return task.reject(error as Error);
    }
    worker.ref();
    const answer = await new Promise<Answer | Error>((resolve) => {
      const done = (result: Answer | Error) => {
        clearTimeout(timer);
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
        resolve(result);
      };
      const onMessage = (message: Answer) => done(message);
      const onError = (error: Error & { code?: string }) =>
        done(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new UnreadableFileError(
                `The file needs more memory to read than an upload may use (${this.limits.memoryMb} MB); split it into smaller files`,
              )
            : error,
        );
      const onExit = () => done(new UnreadableFileError('The file could not be read: its reader stopped; split it into smaller files'));
      const timer = setTimeout(() => {
        done(new UnreadableFileError(`The file takes more than ${this.limits.seconds} seconds to read; split it into smaller files`));
        void worker.terminate();
      }, this.limits.seconds * 1000);
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
      // A copy (not a transfer): the upload keeps its buffer, and a 10 MB copy is a few milliseconds.
      worker.postMessage({ file: task.file, fileType: task.fileType, ...task.checking });
    });
    if (answer instanceof Error) {
      void worker.terminate();
      task.reject(answer);
      // The ended worker is replaced for the next upload, off this one's path.
      if (this.limits.ready) setImmediate(() => void this.warm());
      return;
    }
    this.keep(worker);
    if ('sheet' in answer) task.resolve(answer.sheet);
    else if ('read' in answer) task.resolve(answer.read);
    else if ('unreadable' in answer) task.reject(new UnreadableFileError(answer.unreadable));
    else task.reject(new Error(`Reading the upload failed: ${answer.failed}`));
  }

  /** A new worker once it has loaded the parser: the time limit counts the reading alone. */
  private started(): Promise<Worker> {
    const worker = this.spawn();
    return new Promise((resolve, reject) => {
      const settle = (error: Error | null) => {
        worker.off('message', onMessage).off('error', settle).off('exit', onExit);
        if (!error) return resolve(worker);
        void worker.terminate();
        reject(new Error(`The upload reader could not start: ${error.message}`));
      };
      const onMessage = (message: { ready?: boolean }) => message.ready && settle(null);
      const onExit = (code: number) => settle(new Error(`it exited with code ${code}`));
      worker.on('message', onMessage).on('error', settle).on('exit', onExit);
    });
  }

  private spawn(): Worker {
    const worker = new Worker(ENTRY, {
      resourceLimits: { maxOldGenerationSizeMb: this.limits.memoryMb, maxYoungGenerationSizeMb: 48, stackSizeMb: 4 },
      // Not the main thread's flags (tsx's loader, --max-semi-space-size): the entry registers tsx itself.
      execArgv: [],
    });
    // A worker's error with no listener would be thrown in the main thread; run() reports the busy one's.
    worker.on('error', () => undefined);
    worker.on('exit', () => {
      const at = this.idle.findIndex((entry) => entry.worker === worker);
      if (at !== -1) clearTimeout(this.idle.splice(at, 1)[0].timer);
    });
    return worker;
  }

  /** An idle worker does not keep the process alive; past the `ready` ones, it ends after idleSeconds. */
  private keep(worker: Worker): void {
    worker.unref();
    const entry = { worker, timer: undefined as NodeJS.Timeout | undefined };
    if (this.idle.length >= (this.limits.ready ?? 0)) {
      entry.timer = setTimeout(() => {
        this.idle.splice(this.idle.indexOf(entry), 1);
        void worker.terminate();
      }, this.limits.idleSeconds * 1000).unref();
    }
    this.idle.push(entry);
  }
}

let shared: ParsePool | null = null;

/** Reads an upload, checks its records and serialises them as batch `batchId`'s (readUpload) in the process's pool of reader threads. */
export function readInWorker(file: Buffer, fileType: FileType, model: UploadModel, batchId: number): Promise<ReadUpload> {
  shared ??= new ParsePool();
  return shared.read(file, fileType, model, batchId);
}

/**
 * A process that serves uploads (npm start, start:command-api) keeps one reader started, so the first
 * upload after a quiet spell does not wait for one; resolves once it has. Test platforms do not ask
 * for it: a test file's pool would otherwise keep a thread for the life of the test runner's process.
 */
export function keepUploadReaderReady(): Promise<void> {
  shared ??= new ParsePool({ ...PARSE_LIMITS, ready: 1 });
  return shared.warm();
}

/** Ends the process's idle readers (a serving process stopping). */
export async function closeUploadReaders(): Promise<void> {
  await shared?.close();
  shared = null;
}
