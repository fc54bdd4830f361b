import { PALETTE } from '@tour/shared';
import { useNavigate, useSearchParams } from '@tour/shared/router';
import { Logo } from '../../assets/logo';
import { BRAND_LABEL } from '../../config/brand';
import { returnPathOf } from '../../config/paths';
import { LoginForm } from '../../features/auth/components/login-form';
import { useDocumentTitle } from '../../hooks/use-document-title';

// The login page's look, in the product's colours (the UI kit's theme, PALETTE) without antd: the
// page a person opens first stays small and quick (bench/web measures it).
const LOGIN_CSS = `
.login-page { min-height: 100vh; display: flex; align-items: center; justify-content: center;
  padding: 16px; box-sizing: border-box; background: #f5f5f5;
  font-family: -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial,
    'Noto Sans', sans-serif;
  font-size: 14px; line-height: 1.5715; color: ${PALETTE.text}; }
.login-card { width: 100%; max-width: 400px; box-sizing: border-box; padding: 32px 24px;
  background: #fff; border-radius: 8px;
  box-shadow: 0 1px 2px rgba(0,0,0,0.03), 0 1px 6px -1px rgba(0,0,0,0.02), 0 2px 4px rgba(0,0,0,0.02); }
.login-head { display: flex; flex-direction: column; align-items: center; gap: 8px; margin-bottom: 24px; }
.login-head h1 { margin: 0; font-size: 24px; font-weight: 600; line-height: 1.33; }
.login-head p { margin: 0; color: ${PALETTE.textSecondary}; }
.login-form { display: flex; flex-direction: column; gap: 20px; }
.login-field { display: flex; flex-direction: column; gap: 8px; }
.login-field input { box-sizing: border-box; width: 100%; padding: 4px 11px; height: 32px;
  font: inherit; color: inherit; background: #fff; border: 1px solid #d9d9d9; border-radius: 6px;
  transition: border-color 0.2s, box-shadow 0.2s; }
.login-field input:hover { border-color: ${PALETTE.primaryHover}; }
.login-field input:focus { outline: none; border-color: ${PALETTE.primary}; box-shadow: 0 0 0 2px rgba(5,145,255,0.1); }
.login-field input[aria-invalid='true'] { border-color: ${PALETTE.error}; }
.login-field input[aria-invalid='true']:focus { box-shadow: 0 0 0 2px rgba(255,38,5,0.06); }
.login-field input:disabled { background: rgba(0,0,0,0.04); color: rgba(0,0,0,0.25); }
.login-field-error { color: ${PALETTE.error}; }
.login-password { position: relative; }
.login-password input { padding-right: 84px; }
.login-reveal { position: absolute; right: 4px; top: 4px; height: 24px; padding: 0 8px;
  font: inherit; font-size: 12px; color: ${PALETTE.primary}; background: none; border: 0; border-radius: 4px;
  cursor: pointer; }
.login-reveal:focus-visible { outline: 2px solid ${PALETTE.primary}; }
.login-remember { display: inline-flex; align-items: center; gap: 8px; cursor: pointer; width: fit-content; }
.login-remember input { width: 16px; height: 16px; margin: 0; accent-color: ${PALETTE.primary}; }
.login-submit { display: inline-flex; align-items: center; justify-content: center; gap: 8px;
  height: 32px; padding: 4px 15px; font: inherit; color: #fff; background: ${PALETTE.primary};
  border: 0; border-radius: 6px; box-shadow: 0 2px 0 rgba(5,145,255,0.1); cursor: pointer;
  transition: background 0.2s; }
.login-submit:hover { background: ${PALETTE.primaryHover}; }
.login-submit:focus-visible { outline: 3px solid #91caff; outline-offset: 1px; }
.login-submit:disabled { opacity: 0.65; cursor: default; }
.login-submit-spinner { width: 14px; height: 14px; border-radius: 50%;
  border: 2px solid rgba(255,255,255,0.4); border-top-color: #fff; animation: login-spin 0.8s linear infinite; }
@keyframes login-spin { to { transform: rotate(360deg); } }
.login-alert { padding: 8px 12px; color: ${PALETTE.text}; background: #fff2f0;
  border: 1px solid #ffccc7; border-radius: 8px; }
`;

/** /login: the sign-in card; afterwards, the page the user was sent away from (or /admin). */
export function LoginPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  useDocumentTitle('Вход');
  return (
    <div className="login-page">
      <style>{LOGIN_CSS}</style>
      <div className="login-card">
        <div className="login-head">
          <Logo size={48} />
          <h1>{BRAND_LABEL}</h1>
          <p>Вход в систему</p>
        </div>
        <main>
          <LoginForm
            onSignedIn={() => void navigate(returnPathOf(searchParams), { replace: true })}
          />
        </main>
      </div>
    </div>
  );
}
