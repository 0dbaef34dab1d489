import { TextField } from './shop-ui';

interface FieldProps {
  id: string;
  name: string;
  value: string;
  error?: string;
  onChange: (e: { target: { value: string } }) => void;
  onBlur: () => void;
}

/** A new password and its confirmation (the shop's antd-free NewPasswordFields). */
export function ShopNewPasswordFields({
  password,
  confirm,
  label = 'Password',
}: {
  password: FieldProps;
  confirm: FieldProps;
  label?: string;
}) {
  return (
    <>
      <TextField label={label} {...password} type="password" autoComplete="new-password" />
      <TextField label="Confirm Password" {...confirm} type="password" autoComplete="new-password" />
    </>
  );
}
