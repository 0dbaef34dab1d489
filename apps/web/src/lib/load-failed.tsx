import { Result } from 'antd';
import type { ReactNode } from 'react';
import { errorMessage } from './api';

/** A detail page whose record did not load: the error and, with `extra`, the way back. */
export function LoadFailed({ error, extra }: { error: unknown; extra?: ReactNode }) {
  return (
    <Result
      status="error"
      title="Sorry, something went wrong!"
      subTitle={error ? errorMessage(error) : undefined}
      extra={extra}
    />
  );
}
