import { Modal, Spin } from 'antd';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from './session';

export function CheckingAuthDialog() {
  return (
    <Modal open closable={false} footer={null} centered width={360} mask={{ closable: false }}>
      <div style={{ textAlign: 'center', padding: 16 }}>
        <Spin />
        <p style={{ marginTop: 16, marginBottom: 0 }}>Checking your authentication</p>
      </div>
    </Modal>
  );
}

/** Protected routes: unauthenticated users go to sign-in, and the origin is remembered. */
export function RequireAuth() {
  const { status } = useSession();
  const location = useLocation();
  if (status === 'checking') return <CheckingAuthDialog />;
  if (status === 'signedOut') {
    const from = `${location.pathname}${location.search}`;
    return <Navigate to="/auth/signin" replace state={{ from }} />;
  }
  return <Outlet />;
}
