/** Small form and message pieces that many screens repeat (they render exactly what they replace). */
import { Alert, type AlertProps, Col, type ColProps, Form, type FormItemProps, Switch } from 'antd';

type ColSize = Pick<ColProps, 'xs' | 'sm' | 'md' | 'lg' | 'span'>;

/** One field in a grid column: `<Col><Form.Item>…</Form.Item></Col>`. */
export function FieldCol({ xs, sm, md, lg, span, children, ...item }: FormItemProps & ColSize) {
  return (
    <Col xs={xs} sm={sm} md={md} lg={lg} span={span}>
      <Form.Item {...item}>{children}</Form.Item>
    </Col>
  );
}

/** An on/off field in a grid column. */
export function SwitchCol(props: Omit<FormItemProps, 'children' | 'valuePropName'> & ColSize) {
  return (
    <FieldCol {...props} valuePropName="checked">
      <Switch />
    </FieldCol>
  );
}

/** A bulleted list of messages (server validation details, warnings). */
export function MessageList({ items, testId }: { items: string[]; testId?: string }) {
  return (
    <ul style={{ margin: 0, paddingLeft: 18 }} data-testid={testId}>
      {items.map((m) => (
        <li key={m}>{m}</li>
      ))}
    </ul>
  );
}

type AlertBase = Omit<AlertProps, 'description' | 'showIcon'>;

/** An alert whose description lists the messages one by one. */
export function ListAlert({ items, listTestId, ...alert }: AlertBase & { items: string[]; listTestId?: string }) {
  return (
    <Alert
      showIcon
      style={{ marginBottom: 16 }}
      description={<MessageList items={items} testId={listTestId} />}
      {...alert}
    />
  );
}

/** An error alert whose description is the messages joined in one line; `gap` is the space below it. */
export function ErrorAlert({ errors, gap, ...alert }: Omit<AlertBase, 'type'> & { errors: string[]; gap?: number }) {
  return (
    <Alert
      type="error"
      showIcon
      style={gap === undefined ? undefined : { marginBottom: gap }}
      description={errors.join(' ')}
      {...alert}
    />
  );
}
