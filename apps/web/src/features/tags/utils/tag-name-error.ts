import { createTagBody } from '@inventory/contracts/tags';

/** Checks a name as the server will (trimmed, 1 to 50 characters) and answers its Japanese message. */
export function tagNameError(name: string) {
  const result = createTagBody.shape.name.safeParse(name);
  return result.success ? undefined : result.error.issues[0]?.message;
}
