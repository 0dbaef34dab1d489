import { Modal, Spin } from 'antd';
import { Navigate, Outlet, useLocation } from 'react-router';
import { homeFor } from './permissions';
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

/**
 * Protected routes (the staff shell): unauthenticated users go to sign-in, and the origin is
 * remembered. A driver has nothing in the shell: every page of it sends them to /driver.
 */
export function RequireAuth() {
  const { status, user } = useSession();
  const location = useLocation();
  if (status === 'checking') return <CheckingAuthDialog />;
  if (status === 'signedOut') {
    const from = `${location.pathname}${location.search}`;
    return <Navigate to="/auth/signin" replace state={{ from }} />;
  }
  if (homeFor(user?.role) === '/driver') return <Navigate to="/driver" replace />;
  return <Outlet />;
}
