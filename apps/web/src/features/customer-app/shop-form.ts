import { type FormEvent, useCallback, useRef, useState } from 'react';
import type { z } from 'zod';

/**
 * A small form over the shared zod schema (the shop's antd-free zod-form): each field's message is
 * the first issue the schema reports for it, so the form and the server speak the same words.
 * A field is checked when it loses focus, again on every change once it showed a message, and all
 * of them on submit; `dependents` are checked again when the field they depend on changes.
 * The schema (zod and the domain's rules, 30 KB) is loaded when a field first takes the focus (or
 * at submit), so a phone paints the sign-in form and settles without it (issue 34).
 */
export function useSchemaForm<V extends Record<string, string>>(
  load: () => Promise<z.ZodType>,
  initial: V,
  opts: { extra?: () => Record<string, unknown>; dependents?: Partial<Record<keyof V, (keyof V)[]>> } = {},
) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof V, string>>>({});
  const touched = useRef(new Set<keyof V>());
  const current = useRef(values);
  current.current = values;
  const schema = useRef<Promise<z.ZodType> | null>(null);
  const loadSchema = useCallback(() => {
    schema.current ??= load();
    return schema.current;
  }, [load]);

  const issueOf = useCallback(
    async (vals: V, field: keyof V): Promise<string | undefined> => {
      const res = (await loadSchema()).safeParse({ ...vals, ...(opts.extra?.() ?? {}) });
      if (res.success) return undefined;
      return res.error.issues.find((i) => i.path[0] === field)?.message;
    },
    [loadSchema, opts.extra],
  );

  const check = useCallback(
    async (vals: V, fields: (keyof V)[]) => {
      const found = await Promise.all(fields.map((f) => issueOf(vals, f)));
      setErrors((e) => {
        const next = { ...e };
        fields.forEach((f, i) => {
          next[f] = found[i];
        });
        return next;
      });
    },
    [issueOf],
  );

  /** The props of one field's input: value, change, blur, its message. */
  const field = (name: keyof V & string) => ({
    id: `shop-${name}`,
    name,
    value: values[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => {
      const vals = { ...current.current, [name]: e.target.value };
      setValues(vals);
      const again = [name, ...(opts.dependents?.[name] ?? [])].filter(
        (f) => errors[f] !== undefined || (f !== name && touched.current.has(f)),
      );
      if (again.length) void check(vals, again);
    },
    // the schema comes when the form is first used, not with the page (its first seconds)
    onFocus: () => void loadSchema(),
    onBlur: () => {
      touched.current.add(name);
      void check(current.current, [name]);
    },
  });

  /** The submit handler: every field checked, `onValid` with the values when all pass. */
  const handleSubmit = (onValid: (v: V) => unknown) => async (e: FormEvent) => {
    e.preventDefault();
    const vals = current.current;
    const all = Object.keys(vals) as (keyof V)[];
    const found: Partial<Record<keyof V, string>> = {};
    const issues = await Promise.all(all.map((f) => issueOf(vals, f)));
    all.forEach((f, i) => {
      found[f] = issues[i];
    });
    setErrors(found);
    for (const f of all) touched.current.add(f);
    if (all.some((f) => found[f])) {
      const first = all.find((f) => found[f]);
      if (first) document.getElementById(`shop-${String(first)}`)?.focus();
      return;
    }
    void onValid(vals);
  };

  const setError = (name: keyof V, message: string | undefined) => setErrors((e) => ({ ...e, [name]: message }));
  return { values, errors, field, handleSubmit, setError };
}
