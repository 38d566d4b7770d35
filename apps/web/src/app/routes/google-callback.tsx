import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../config/paths.ts';
import { GoogleCallback } from '../../features/auth/components/google-callback.tsx';

export function GoogleCallbackRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return (
    <GoogleCallback
      code={params.get('code')}
      state={params.get('state')}
      providerError={params.get('error')}
      onSignedIn={() => void navigate(paths.dashboard, { replace: true })}
      onGiveUp={() => void navigate(paths.login, { replace: true })}
    />
  );
}
