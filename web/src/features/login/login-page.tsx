import { Navigate, useLocation } from 'react-router';
import { useSession } from '../../auth/use-session';
import { ja } from '../../i18n/ja';
import { LoginForm } from './login-form';
import { redirectTarget } from './redirect-target';
import { useLoginForm } from './use-login-form';

// Plain elements instead of antd Card/Typography: those pull tabs, menus and dropdowns into the
// first download, and /login must stay small (it is the first page a tablet loads).
const cardStyle = {
  width: '100%',
  maxWidth: 420,
  background: '#fff',
  borderRadius: 12,
  padding: '32px 24px 24px',
  boxShadow: '0 1px 3px rgba(0,0,0,0.08), 0 8px 24px rgba(15,118,110,0.08)',
} as const;

/** Spec 2 login. Once a session exists (just now or from before) it moves on to the remembered page. */
export default function LoginPage() {
  const session = useSession();
  const location = useLocation();
  const { submit, pending, error } = useLoginForm();

  if (session) return <Navigate to={redirectTarget(location.pathname, location.search, location.state)} replace />;

  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 16, background: '#eef5f4' }}>
      <section style={cardStyle} aria-labelledby="login-heading">
        <p style={{ margin: 0, textAlign: 'center', color: '#0f766e', fontWeight: 600 }}>{ja.app.name}</p>
        <h1 id="login-heading" style={{ margin: '8px 0 24px', textAlign: 'center', fontSize: 28, fontWeight: 600 }}>
          {ja.login.heading}
        </h1>
        <LoginForm pending={pending} error={error} onSubmit={(v) => void submit(v)} />
      </section>
    </main>
  );
}
