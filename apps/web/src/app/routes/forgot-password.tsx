import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { AuthCard } from '../../features/auth/components/auth-card.tsx';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form.tsx';

export function ForgotPasswordRoute() {
  return (
    <AuthCard title="パスワードの再設定" subtitle="再設定用のリンクをメールでお送りします">
      <ForgotPasswordForm />
      <p className="mt-6 text-center text-sm">
        <Link to={paths.login} className="font-medium text-blue-600 hover:underline dark:text-blue-400">
          ログイン画面に戻る
        </Link>
      </p>
    </AuthCard>
  );
}
