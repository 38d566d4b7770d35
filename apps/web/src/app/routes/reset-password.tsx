import { Link, useNavigate, useSearchParams } from 'react-router';
import { ErrorBanner } from '../../components/ui/error-banner.tsx';
import { paths } from '../../config/paths.ts';
import { AuthCard } from '../../features/auth/components/auth-card.tsx';
import { MISSING_RESET_TOKEN_MESSAGE, ResetPasswordForm } from '../../features/auth/components/reset-password-form.tsx';

export function ResetPasswordRoute() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  return (
    <AuthCard title="新しいパスワードの設定">
      {token ? (
        <ResetPasswordForm token={token} onSignedIn={() => void navigate(paths.dashboard, { replace: true })} />
      ) : (
        <ErrorBanner message={MISSING_RESET_TOKEN_MESSAGE} />
      )}
      <p className="mt-6 text-center text-sm">
        <Link to={paths.forgotPassword} className="font-medium text-blue-600 hover:underline dark:text-blue-400">
          再設定メールをもう一度送る
        </Link>
      </p>
    </AuthCard>
  );
}
