/** The multipart body of the import calls: the source first, then the file under csv. */
export function importForm(file: File, source?: string) {
  const form = new FormData();
  if (source !== undefined) form.append('source', source);
  form.append('csv', file);
  return form;
}
