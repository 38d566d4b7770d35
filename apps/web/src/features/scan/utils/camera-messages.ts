// What the scan screen says when the camera cannot be used, and why.

export const cameraMessages = {
  notSecure:
    'カメラを使うには、このアプリをHTTPS（https://で始まるアドレス）で開く必要があります。ブラウザーは安全でない接続のページにカメラを使わせません。管理者にHTTPSでの公開を依頼するか、下の欄にコードを入力してください。',
  unsupported: 'このブラウザーではカメラを使えません。Safari・Chromeなどの最新のブラウザーで開くか、下の欄にコードを入力してください。',
  refused:
    'カメラの使用が許可されていません。ブラウザーの設定（iPhoneは「設定」→「Safari」→「カメラ」）でこのサイトのカメラを「許可」にしてから、「カメラを起動」を押してください。',
  absent: 'カメラが見つかりません。カメラのある端末で開くか、バーコードリーダーまたは下の欄でコードを入力してください。',
  busy: 'カメラを起動できません。ほかのアプリがカメラを使っていないか確認してから、「カメラを起動」を押してください。',
  detectorFailed: 'コードの読み取り機能を読み込めませんでした。通信状態を確認して、「カメラを起動」を押してください。',
} as const;

export type CameraProblem = keyof typeof cameraMessages;

/** The problem a failed getUserMedia call reports, by the DOMException's name. */
export function cameraProblemOf(error: unknown): CameraProblem {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'refused';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') return 'absent';
  return 'busy';
}
