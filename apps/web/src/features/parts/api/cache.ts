import type { Part } from '@inventory/contracts/parts';
import type { QueryClient } from '@tanstack/react-query';
import { partsKeys } from './query-keys.ts';

// A mutation's answer is the part as the server now holds it: writing it into the cached list
// shows the change at once; the invalidation then reconciles everything derived from parts.

export function putPartInList(queryClient: QueryClient, part: Part) {
  queryClient.setQueryData<Part[]>(partsKeys.all, (parts) => {
    if (!parts) return parts;
    const index = parts.findIndex((item) => item.id === part.id);
    if (index === -1) return [...parts, part];
    const next = parts.slice();
    next[index] = part;
    return next;
  });
}

export function removePartFromList(queryClient: QueryClient, partId: number) {
  queryClient.setQueryData<Part[]>(partsKeys.all, (parts) => parts?.filter((item) => item.id !== partId));
}
