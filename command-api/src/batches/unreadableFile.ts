/** A file that cannot be read at all; the batch fails with this reason. */
export class UnreadableFileError extends Error {}
