import type { FormInstance, FormRule } from 'antd';
import type { z } from 'zod';

/**
 * antd form rules from the shared zod schema: the field's message is the first issue the schema
 * reports for it, so the form and the server speak the same words.
 */
export function zodRule(schema: z.ZodType, field: string, extra?: () => Record<string, unknown>): FormRule {
  return (form: Pick<FormInstance, 'getFieldsValue'>) => ({
    validator: async () => {
      const values = { ...form.getFieldsValue(true), ...(extra?.() ?? {}) };
      const res = schema.safeParse(values);
      if (res.success) return;
      const issue = res.error.issues.find((i) => i.path[0] === field);
      if (issue) throw new Error(issue.message);
    },
  });
}

/**
 * The form's values once every field passes, else null. antd rejects validateFields() when a
 * field is invalid and already shows the messages under the fields; the rejection is not an
 * error to throw out of a click handler (it would be an uncaught promise rejection).
 */
export async function validValues<T>(form: FormInstance<T>): Promise<T | null> {
  try {
    return await form.validateFields();
  } catch (err) {
    if (err && typeof err === 'object' && 'errorFields' in err) return null;
    throw err;
  }
}
