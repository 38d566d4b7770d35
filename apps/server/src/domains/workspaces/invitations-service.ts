import { randomBytes } from 'node:crypto';
import type { InviteCodeResponse, WorkspaceListItem } from '@inventory/contracts/workspace';
import type { Db, DbOrTx } from '../../db/database.ts';
import { badRequest, conflict } from '../../lib/http-error.ts';
import { DAY_MS, isoAfter, nowIso } from '../../lib/time.ts';
import {
  findLiveInvitationCode,
  findWorkspaceIdByInvitation,
  insertInvitationCode,
  revokeLiveInvitationCodes,
} from './invitation-codes-repository.ts';
import { findMembership, hasRoomForMember, insertMembership } from './memberships-repository.ts';
import { requireVerifiedActor } from './verified-actor.ts';
import { findWorkspace, lockWorkspace } from './workspaces-repository.ts';

// Invitation codes and joining a workspace with one (POST /workspace/join and sign-up with a
// code). A workspace has at most one live code; generating a new one revokes the old.

export const invitationMessages = {
  invalidInvitation: '招待コードが無効です。期限切れか取り消された可能性があります',
  workspaceFull: '参加先のワークスペースはメンバー数の上限に達しています',
  alreadyMember: '既にこのワークスペースのメンバーです',
  deactivated: 'このワークスペースでのアカウントは管理者により無効化されています。再開するには管理者に連絡してください',
  joined: 'ワークスペースに参加しました',
  revoked: '招待コードを無効化しました',
} as const;

/** 32 symbols without the look-alikes 0/O and 1/I, so a code read aloud or retyped survives. */
const INVITE_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** 12 symbols of 32: 60 bits, far beyond guessing at the per-IP limit of the join call. */
export const INVITE_CODE_LENGTH = 12;
export const INVITE_CODE_LIFETIME_MS = 7 * DAY_MS;

export function generateInviteCode(): string {
  // 256 is a multiple of 32, so taking each byte modulo 32 keeps every symbol equally likely.
  return Array.from(randomBytes(INVITE_CODE_LENGTH), (byte) => INVITE_CODE_ALPHABET[byte % INVITE_CODE_ALPHABET.length]).join('');
}

/** What a normalised code can look like (generated codes use a part of it). */
const INVITE_CODE_SHAPE = /^[A-Z0-9]+$/;

/**
 * Codes are stored in capitals; a code typed in small letters joins too, and so does one typed in
 * full-width letters and digits (a Japanese keyboard in full-width mode: ＡＢＣ２３), through NFKC.
 */
export const normaliseInviteCode = (code: string) => code.normalize('NFKC').trim().toUpperCase();

/**
 * A new code for the workspace, valid for 7 days; any earlier live code stops working. Under the
 * workspace lock, so two admins generating at once still leave one live code.
 */
export async function createInviteCode(db: Db, actor: { userId: number; workspaceId: number }): Promise<InviteCodeResponse> {
  await requireVerifiedActor(db, actor.userId);
  return db.transaction().execute(async (trx) => {
    await lockWorkspace(trx, actor.workspaceId);
    await revokeLiveInvitationCodes(trx, actor.workspaceId);
    const createdAt = nowIso();
    const expiresAt = isoAfter(INVITE_CODE_LIFETIME_MS, Date.parse(createdAt));
    // 60 random bits: a clash with an existing code (the unique index would refuse it) is not a
    // case worth a retry loop.
    const code = generateInviteCode();
    await insertInvitationCode(trx, { workspaceId: actor.workspaceId, code, createdBy: actor.userId, createdAt, expiresAt });
    return { invite_code: code, invite_code_expires: expiresAt };
  });
}

/** Revokes the workspace's live code. Nothing live (already revoked, expired, never made) is fine too. */
export async function revokeInviteCode(db: DbOrTx, workspaceId: number) {
  await revokeLiveInvitationCodes(db, workspaceId);
}

export async function findLiveInviteCode(db: DbOrTx, workspaceId: number) {
  const live = await findLiveInvitationCode(db, workspaceId);
  return { invite_code: live?.code ?? null, invite_code_expires: live?.expires_at ?? null };
}

/**
 * Makes the user a member of the code's workspace, inside the caller's transaction (the join
 * call's own, or sign-up's). Refused: an unknown, expired or revoked code (400); already an active
 * member, deactivated there by an admin (a code does not undo that), or no room left (409). The
 * member count is read under the workspace lock, so simultaneous joins cannot overshoot.
 */
export async function joinWorkspaceByCode(trx: DbOrTx, userId: number, code: string): Promise<WorkspaceListItem> {
  const normalised = normaliseInviteCode(code);
  // Letters and digits only: anything else names no code, and a NUL would make PostgreSQL fail
  // the query instead of finding nothing.
  if (!INVITE_CODE_SHAPE.test(normalised)) throw badRequest(invitationMessages.invalidInvitation);
  const workspaceId = await findWorkspaceIdByInvitation(trx, normalised);
  if (workspaceId === null) throw badRequest(invitationMessages.invalidInvitation);
  await lockWorkspace(trx, workspaceId);

  const existing = await findMembership(trx, workspaceId, userId);
  if (existing) throw conflict(existing.is_active === 1 ? invitationMessages.alreadyMember : invitationMessages.deactivated);
  if (!(await hasRoomForMember(trx, workspaceId))) throw conflict(invitationMessages.workspaceFull);

  await insertMembership(trx, workspaceId, userId, 'member');
  const workspace = await findWorkspace(trx, workspaceId);
  return { id: workspaceId, workspace_name: workspace!.name, role: 'member' };
}

export async function joinWorkspace(db: Db, userId: number, code: string) {
  const workspace = await db.transaction().execute((trx) => joinWorkspaceByCode(trx, userId, code));
  return { message: invitationMessages.joined, workspace };
}
