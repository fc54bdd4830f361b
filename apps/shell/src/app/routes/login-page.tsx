import { Card, Flex, Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Logo } from '../../assets/logo';
import { BRAND_LABEL } from '../../config/brand';
import { returnPathOf } from '../../config/paths';
import { LoginForm } from '../../features/auth/components/login-form';
import { useDocumentTitle } from '../../hooks/use-document-title';

/** /login: the sign-in card; afterwards, the page the user was sent away from (or /admin). */
export function LoginPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  useDocumentTitle('Вход');
  return (
    <Flex justify="center" align="center" style={{ minHeight: '100vh', padding: 16 }}>
      <Card style={{ width: '100%', maxWidth: 400 }}>
        <Flex vertical align="center" gap={8} style={{ marginBottom: 24 }}>
          <Logo size={48} />
          <Typography.Title level={3} style={{ margin: 0 }}>
            {BRAND_LABEL}
          </Typography.Title>
          <Typography.Text type="secondary">Вход в систему</Typography.Text>
        </Flex>
        <main>
          <LoginForm
            onSignedIn={() => void navigate(returnPathOf(searchParams), { replace: true })}
          />
        </main>
      </Card>
    </Flex>
  );
}
