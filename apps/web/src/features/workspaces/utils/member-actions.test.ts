import { describe, expect, it } from 'vitest';
import { makeMember } from '../../../testing/make-workspace.ts';
import { memberActionsFor } from './member-actions.ts';

describe('memberActionsFor', () => {
  const admin = { id: 1, isAdmin: true };

  it('offers remove or activate, and promote or demote, to an admin', () => {
    expect(memberActionsFor(makeMember({ id: 2, is_active: true, role: 'member' }), admin)).toEqual(['remove', 'promote']);
    expect(memberActionsFor(makeMember({ id: 2, is_active: true, role: 'admin' }), admin)).toEqual(['remove', 'demote']);
    expect(memberActionsFor(makeMember({ id: 2, is_active: false, role: 'admin' }), admin)).toEqual(['activate', 'demote']);
  });

  it('promotes only active members: an inactive member can only be activated', () => {
    expect(memberActionsFor(makeMember({ id: 2, is_active: false, role: 'member' }), admin)).toEqual(['activate']);
  });

  it("offers nothing on the viewer's own row", () => {
    expect(memberActionsFor(makeMember({ id: 1, role: 'admin' }), admin)).toEqual([]);
  });

  it('offers nothing to a non-admin', () => {
    expect(memberActionsFor(makeMember({ id: 2 }), { id: 1, isAdmin: false })).toEqual([]);
  });
});
