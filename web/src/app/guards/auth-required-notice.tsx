import { Alert } from 'antd';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { ja } from '../../i18n/ja';
import { loginPath } from '../login-handoff';

export const AUTH_REDIRECT_DELAY_MS = 2_000;

/** Spec 8: a 401 says ログインが必要です and moves to login after 2 s, remembering the page. */
export function AuthRequiredNotice({ from }: { from: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => void navigate(loginPath(from), { replace: true }), AUTH_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [from, navigate]);

  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 16 }}>
      <Alert
        type="warning"
        showIcon
        title={ja.auth.loginRequiredTitle}
        description={
          <>
            <div>{ja.auth.loginRequired}</div>
            <div>{ja.auth.redirecting}</div>
          </>
        }
        style={{ maxWidth: 420, width: '100%' }}
      />
    </main>
  );
}
