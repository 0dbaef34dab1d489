import { Link } from 'react-router';
import { type ShopPreferences, usePreferences, useSavePreferences } from './shop-api';
import { useShop, useShopPath } from './shop-context';
import { Alert, Button, Card, Icon, Skeleton, Switch, useToast } from './shop-ui';

const CHANNELS: { key: keyof ShopPreferences; label: string; help: string }[] = [
  { key: 'app_notification', label: 'App notifications', help: 'Order updates pop up while the app is open' },
  { key: 'email_notification', label: 'Email notifications', help: 'An e-mail when an order is invoiced or rejected' },
  { key: 'sms_notification', label: 'SMS notifications', help: 'A text message for order updates' },
];

/** Who I am, my notification preferences, my balance and sign-out. */
export default function ShopAccountPage() {
  const { user, company, signOut } = useShop();
  const path = useShopPath();
  const message = useToast();
  const prefs = usePreferences();
  const save = useSavePreferences();
  const toggle = (key: keyof ShopPreferences, value: boolean) => {
    if (!prefs.data) return;
    save.mutate(
      { ...prefs.data, [key]: value },
      {
        onSuccess: () => message.success('Notification preferences saved'),
        onError: () => message.error('Notification did not changes / Something went wrong'),
      },
    );
  };
  return (
    <>
      <h1>Account</h1>
      <Card className="shop-card">
        <div className="shop-product-name">{user?.name}</div>
        <span className="shop-muted">{user?.email}</span>
        <div>
          {user?.customer?.name} {user?.customer?.tabc_id ? `(${user.customer.tabc_id})` : ''}
        </div>
        <div style={{ marginTop: 8 }}>
          <Link to={path('/balance')}>My balance with {company.name}</Link>
        </div>
      </Card>
      <Card className="shop-card" title="Notifications">
        {prefs.isError && <Alert type="error" title="Error updating notification preferences" />}
        {prefs.isLoading ? (
          <Skeleton />
        ) : (
          CHANNELS.map((c) => (
            <div key={c.key} className="shop-product" style={{ padding: '8px 0' }}>
              <div>
                <label htmlFor={`pref-${c.key}`} style={{ fontWeight: 600 }}>
                  {c.label}
                </label>
                <div>
                  <span className="shop-muted">{c.help}</span>
                </div>
              </div>
              <Switch
                id={`pref-${c.key}`}
                checked={prefs.data?.[c.key] ?? false}
                loading={save.isPending}
                onChange={(v: boolean) => toggle(c.key, v)}
              />
            </div>
          ))
        )}
      </Card>
      <Button size="large" block icon={<Icon name="logout" />} onClick={signOut}>
        Sign Out
      </Button>
    </>
  );
}
