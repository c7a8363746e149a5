/**
 * @module @listings/worker
 * The worker for tests, benchmarks and the local start script.
 */
export { startWorker, type WorkerHandle, type JobRun } from './worker.ts';
export { processCollection, finishResult, type ProcessorDeps, type Outcome, type Reading } from './processor.ts';
