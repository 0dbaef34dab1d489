import { DEFAULTS } from '@dbo/domain/constants';
import { Spin } from 'antd';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../lib/session';

export default function LogoutPage() {
  const { signOut } = useSession();
  const navigate = useNavigate();
  useEffect(() => {
    const t = setTimeout(async () => {
      await signOut();
      navigate('/', { replace: true });
    }, DEFAULTS.logoutDelayMs);
    return () => clearTimeout(t);
  }, [signOut, navigate]);
  return (
    <main className="auth-page">
      <div style={{ color: '#fff', textAlign: 'center' }}>
        <Spin />
        <h1 style={{ fontSize: 18, fontWeight: 'normal', marginTop: 16 }}>Logging you out</h1>
      </div>
    </main>
  );
}
