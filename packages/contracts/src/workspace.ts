import { z } from 'zod';
import { membershipRole } from './auth.ts';

export const workspaceListItem = z.object({
  id: z.number(),
  workspace_name: z.string(),
  role: membershipRole,
});
export type WorkspaceListItem = z.infer<typeof workspaceListItem>;

export const workspaceListResponse = z.array(workspaceListItem);

export const switchWorkspaceResponse = z.object({ token: z.string() });
export type SwitchWorkspaceResponse = z.infer<typeof switchWorkspaceResponse>;
