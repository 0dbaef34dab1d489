import { Alert, Button, Input, Modal } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../lib/api';
import { useSession } from '../lib/session';

/** After any 401: asks for the password again without leaving the page. */
export function SessionExpiredDialog() {
  const { expired, user, signIn, dismissExpired } = useSession();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!expired || !user) return null;
  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      await signIn(user.email, password);
      setPassword('');
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title="Please log back in."
      closable={false}
      mask={{ closable: false }}
      footer={[
        <Button key="no" onClick={dismissExpired}>
          Nevermind
        </Button>,
        <Button key="yes" type="primary" disabled={!password} loading={busy} onClick={submit}>
          Log Me In
        </Button>,
      ]}
    >
      <p>Your session has expired. Enter the password for {user.email}.</p>
      <Input.Password
        aria-label="Password"
        placeholder="Password"
        value={password}
        autoFocus
        onChange={(e) => setPassword(e.target.value)}
        onPressEnter={() => password && void submit()}
      />
      {error && <Alert type="error" showIcon title={error} style={{ marginTop: 12 }} />}
    </Modal>
  );
}
