import { lazyCode } from '../../../lib/lazy-code.tsx';

/** @simplewebauthn/browser, fetched when a passkey is first used: screens draw without it. */
export const webAuthn = lazyCode(() => import('@simplewebauthn/browser'));

/**
 * The browser's own refusals (the user closed the prompt, no passkey for this site, no support)
 * in Japanese; anything else keeps its message.
 */
export function passkeyErrorMessage(error: unknown, fallback: string): string {
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'NotAllowedError' || name === 'AbortError') return 'パスキーの操作がキャンセルされたか、時間切れになりました';
  if (name === 'InvalidStateError') return 'この端末のパスキーは既に登録されています';
  if (name === 'NotSupportedError' || name === 'SecurityError') return 'このブラウザではパスキーを使用できません';
  return error instanceof Error && /[ぁ-んァ-ン一-龥]/.test(error.message) ? error.message : fallback;
}
