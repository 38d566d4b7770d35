import { describe, expect, it } from 'vitest';
import { registerUser } from './helpers/factories.ts';
import { createTestApp } from './helpers/test-app.ts';
import { generateInviteCode, joinWorkspace, membershipRows, workspaceWithMembers } from './helpers/workspace-factories.ts';

// Hostile review of workspaces, members and invitations: bad input of every shape, the walls
// between workspaces, and the rules under simultaneous requests. Each test names what it guards.

const app = await createTestApp();

const INVALID_INVITATION = { error: '招待コードが無効です。期限切れか取り消された可能性があります' };

describe('invitation codes that cannot be codes', () => {
  it('a code with a NUL or other control character is refused like any unknown code, never a 500', async () => {
    const { admin, workspaceId } = await workspaceWithMembers(app, 0);
    const code = await generateInviteCode(app, admin.token);
    const joiner = await registerUser(app);
    const before = await membershipRows(app, workspaceId);
    for (const attempt of [`${code}\u0000`, '\u0000', `${code.slice(0, 6)}\u0007${code.slice(6)}`, `\u001b[31m${code}`]) {
      const response = await joinWorkspace(app, joiner.token, attempt);
      expect(response.statusCode, JSON.stringify(attempt)).toBe(400);
      expect(response.json()).toEqual(INVALID_INVITATION);
    }
    expect(await membershipRows(app, workspaceId)).toEqual(before);
  });
});
