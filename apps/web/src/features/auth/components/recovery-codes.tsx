import { Download } from 'lucide-react';
import { Button } from '../../../components/form/button.tsx';

export const RECOVERY_CODES_FILE = 'recovery-codes.txt';

/** The text file of the recovery codes, as downloaded. */
export function recoveryCodesText(codes: string[], email: string) {
  return [
    '在庫・製造管理 リカバリーコード',
    `アカウント: ${email}`,
    '',
    '認証アプリを使えないときに、確認コードの代わりに入力します。それぞれ1回だけ使えます。',
    '',
    ...codes,
    '',
  ].join('\n');
}

/** The ten recovery codes, shown once, with a download as a text file. */
export function RecoveryCodes({ codes, email, onDone }: { codes: string[]; email: string; onDone: () => void }) {
  const handleDownload = () => {
    const url = URL.createObjectURL(new Blob([recoveryCodesText(codes, email)], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = RECOVERY_CODES_FILE;
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <div className="space-y-4">
      <div role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950/50 dark:text-amber-100">
        二段階認証を有効にしました。下のリカバリーコードは今回だけ表示されます。スマートフォンをなくしたときに使えるよう、安全な場所に保存してください。各コードは1回だけ使えます。
      </div>
      <ul aria-label="リカバリーコード" className="grid grid-cols-2 gap-2 font-mono text-sm sm:grid-cols-5">
        {codes.map((code) => (
          <li key={code} className="rounded-md bg-gray-100 px-2 py-1.5 text-center text-gray-900 dark:bg-gray-800 dark:text-gray-100">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={handleDownload}>
          <Download className="h-4 w-4" aria-hidden="true" />
          テキストファイルで保存
        </Button>
        <Button onClick={onDone}>保存しました</Button>
      </div>
    </div>
  );
}
