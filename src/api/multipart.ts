/**
 * A multipart body as the upload endpoints take it: the text `fields` first, then each file as
 * `files` under its own name.
 */
export function filesBody(files: readonly File[], fields: Record<string, string> = {}): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  for (const file of files) body.append('files', file, file.name);
  return body;
}
