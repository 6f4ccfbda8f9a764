'use strict';
// A thread that checks one range of the log's hash chain (verifyChain.ts). Plain CommonJS so that it
// starts the same way under tsx (`npm start`, the CLI, the Docker image) and under jest, whose ts-jest
// transpiles the main thread only: it registers tsx's require hook itself, then loads the TypeScript.
require('tsx/cjs/api').register();
const { parentPort, workerData } = require('node:worker_threads');
const { verifyRangeInSnapshot } = require('./verifyChain.ts');

verifyRangeInSnapshot(workerData, (checked) => parentPort.postMessage({ checked })).then(
  (verdict) => parentPort.postMessage({ verdict }),
  (error) => parentPort.postMessage({ failed: String((error && error.stack) || error) }),
);
