import type { CustomerInput } from '@dbo/domain/customer';
import dayjs, { type Dayjs } from 'dayjs';
import type { Customer } from './api';

/** The form's values: the request's fields, with the service start as the date picker's value. */
export type CustomerFormValues = Partial<Omit<CustomerInput, 'service_start'>> & {
  service_start?: Dayjs | string | null;
};
type FormValues = CustomerFormValues;

export const EMPTY: FormValues = {
  state: 'TX',
  cash_on_delivery: false,
  fintech_option: false,
  contact_name: '',
  contact_email: '',
  contact_phone: '',
  fintech_id: '',
};

export function toForm(c: Customer): FormValues {
  return {
    ...c,
    service_start: c.service_start ? dayjs(c.service_start) : null,
    aims_id: c.aims_id ?? null,
  };
}

/** The form's rules have required name, address, city and zip by the time it submits. */
export function toPayload(v: FormValues): CustomerInput {
  return {
    ...v,
    service_start: v.service_start ? dayjs(v.service_start).format('YYYY-MM-DD') : null,
    product_price_tier_id: v.product_price_tier_id ?? null,
  } as CustomerInput;
}
