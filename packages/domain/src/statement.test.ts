import { describe, expect, it } from 'vitest';
import { RECEIVABLES_MSG } from './receivables.js';
import { recipientList, statementEmailSchema, statementPdfSchema } from './statement.js';

describe('recipientList', () => {
  it.each([
    ['', [], []],
    ['  ', [], []],
    ['Owner@Example.com', ['owner@example.com'], []],
    ['a@x.com, b@x.com', ['a@x.com', 'b@x.com'], []],
    ['a@x.com;b@x.com  a@x.com', ['a@x.com', 'b@x.com'], []],
    ['a@x.com, not-an-address, b@', ['a@x.com'], ['not-an-address', 'b@']],
  ])('%j', (text, emails, invalid) => {
    expect(recipientList(text)).toEqual({ emails, invalid });
  });
});

describe('statement requests', () => {
  it('keeps the period rule and adds its own fields', () => {
    expect(statementPdfSchema.parse({ from: '2026-01-01', to: '2026-01-31', format: 'url' }).format).toBe('url');
    const backwards = statementPdfSchema.safeParse({ from: '2026-02-01', to: '2026-01-31' });
    expect(backwards.error?.issues[0].message).toBe(RECEIVABLES_MSG.periodOrder);
    expect(statementPdfSchema.safeParse({ from: '2026-01-01', to: '2026-01-31', format: 'doc' }).success).toBe(false);
  });

  it('lower-cases and de-duplicates the recipients, refuses a bad or empty list', () => {
    const ok = statementEmailSchema.parse({ from: '2026-01-01', to: '2026-01-31', to_emails: ['A@x.com', 'a@x.com'] });
    expect(ok.to_emails).toEqual(['a@x.com']);
    expect(statementEmailSchema.parse({ from: '2026-01-01', to: '2026-01-31' }).to_emails).toBeUndefined();
    expect(statementEmailSchema.safeParse({ from: '2026-01-01', to: '2026-01-31', to_emails: ['nope'] }).success).toBe(
      false,
    );
    expect(statementEmailSchema.safeParse({ from: '2026-01-01', to: '2026-01-31', to_emails: [] }).success).toBe(false);
  });
});
