import { Button, Result } from 'antd';
import { CUSTOMER_TOKEN_KEY, type CustomerAppUser } from './customer-session';

export function SignedInCard({ user, onSignOut }: { user: CustomerAppUser; onSignOut: () => void }) {
  return (
    <Result
      status="success"
      title={`Welcome, ${user.name}`}
      subTitle={`You are signed in for ${user.customer?.name ?? 'your business'}${user.customer ? ` (${user.customer.tabc_id})` : ''}. Your distributor's invoices and orders links open here.`}
      extra={
        <Button
          onClick={() => {
            localStorage.removeItem(CUSTOMER_TOKEN_KEY);
            onSignOut();
          }}
        >
          Sign Out
        </Button>
      }
    />
  );
}
