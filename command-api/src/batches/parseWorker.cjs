'use strict';
// The thread that reads uploads (parseInWorker.ts). Plain CommonJS so that it starts the same way under
// tsx (production: `npm start`, the Docker image) and under jest, whose ts-jest transpiles the main
// thread only: it registers tsx's require hook itself (tsx is a production dependency), then loads the
// TypeScript parser.
require('tsx/cjs/api').register();
const { parentPort } = require('node:worker_threads');
const { parseUpload, UnreadableFileError } = require('./parseUpload.ts');
const { readUpload } = require('./readUpload.ts');

parentPort.on('message', ({ file, fileType, model, batchId }) => {
  let answer;
  try {
    const bytes = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
    // With the model: the file read, its records checked and serialised as the batch's (readUpload); without, the sheet as read.
    answer = model ? { read: readUpload(bytes, fileType, model, batchId) } : { sheet: parseUpload(bytes, fileType) };
  } catch (error) {
    answer = error instanceof UnreadableFileError ? { unreadable: error.message } : { failed: String((error && error.stack) || error) };
  }
  parentPort.postMessage(answer);
});
parentPort.postMessage({ ready: true });
