import { useSearchParams } from 'react-router';
import { VerifyEmail } from '../../features/auth/components/verify-email.tsx';

export function VerifyEmailRoute() {
  const [params] = useSearchParams();
  return <VerifyEmail token={params.get('token')} />;
}
