/** What an upload is read as, by its name's extension. */
export type FileType = 'csv' | 'xlsx' | 'xls';

export function fileTypeOf(fileName: string): FileType | null {
  const match = /\.(csv|xlsx|xls)$/i.exec(fileName.trim());
  return match ? (match[1].toLowerCase() as FileType) : null;
}
