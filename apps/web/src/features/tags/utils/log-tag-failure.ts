// Failures of tag create, update and delete are logged only (no toast). The server's message is
// still shown next to the tag, or the user would not know why nothing changed.
export function logTagFailure(action: string, error: Error) {
  console.warn(`タグの${action}に失敗しました`, error);
  return error.message;
}
