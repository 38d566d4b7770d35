import { Link, useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { AuthCard } from '../../features/auth/components/auth-card.tsx';
import { RegisterForm } from '../../features/auth/components/register-form.tsx';

export function RegisterRoute() {
  const navigate = useNavigate();
  return (
    <AuthCard title="新規登録" subtitle="アカウントを作成してください">
      <RegisterForm onSuccess={() => void navigate(paths.dashboard, { replace: true })} />
      <p className="mt-6 text-center text-sm text-gray-600 dark:text-gray-400">
        既にアカウントをお持ちの方は{' '}
        <Link to={paths.login} className="font-medium text-blue-600 hover:underline dark:text-blue-400">
          ログイン
        </Link>
      </p>
    </AuthCard>
  );
}
