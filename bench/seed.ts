/**
 * Data loading and figures shared by the benchmarks. `query` is a pg Pool's or PGlite's query
 * function, so the same rows load into PostgreSQL and into the embedded database.
 */
type Query = (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/** The settings an invoice save needs (as the test factories fill them). */
export async function completeCompany(query: Query, companyId: number) {
  await query(
    `update companies set name = 'Bench Spirits', address = '1200 E 6th St', city = 'Austin', zip = '78702',
       tabc_id = 'LP123456', tax_rate = 8.25 where id = $1`,
    [companyId],
  );
}

/** Turns a company feature on (inventory, reports, order, ...), whether or not it had a row. */
export async function enableFeature(query: Query, companyId: number, name: string) {
  await query(
    `insert into company_features (company_id, name, active) values ($1, $2, true)
       on conflict (company_id, name) do update set active = true`,
    [companyId, name],
  );
}

/** `customers` bars and package stores, then `invoices` invoices over four years among them. */
export async function seedInvoices(query: Query, companyId: number, opts: { customers: number; invoices: number }) {
  await query(
    `insert into customers (company_id, name, address, city, zip, tabc_id)
     select $1, (array['Saloon','Package Store','Icehouse','Bar & Grill','Wine Bar','Tavern'])[1 + g % 6] || ' ' || g,
            g || ' Main St', 'Austin', '78701', 'MB' || lpad(g::text, 6, '0')
     from generate_series(1, ${opts.customers}) g`,
    [companyId],
  );
  const { rows } = await query('select min(id) as lo from customers where company_id = $1', [companyId]);
  const lo = Number(rows[0].lo);
  await query(
    `insert into invoices (company_id, number, beer, customer_id, status, invoiced_at, due_at,
                           sub_total, tax_total, total, paid_total, tax_rate, created_at, updated_at)
     select $1, g, g % 10 = 0, $2 + ((g::bigint * 7919) % ${opts.customers})::int,
            (array['draft','invoiced','delivered','payment_due_soon','payment_due','paid','partially_paid','cancelled'])[1 + g % 8],
            current_date - (g % 1460), current_date - (g % 1460) + 30,
            s, round(s * 0.0825, 2), s + round(s * 0.0825, 2), case when g % 8 = 5 then s + round(s * 0.0825, 2) else 0 end,
            8.25, now() - make_interval(days => g % 1460), now() - make_interval(days => g % 1460)
     from (select g, round((10 + (g * 37 % 5000) + (g % 100) / 100.0)::numeric, 2) as s
           from generate_series(1, ${opts.invoices}) g) x`,
    [companyId, lo],
  );
  await query('update companies set last_invoice_number = $2, last_beer_invoice_number = $2 where id = $1', [
    companyId,
    opts.invoices,
  ]);
  return { firstCustomerId: lo };
}

/** `n` liquor products (the save benchmarks' lines). */
export async function seedProducts(query: Query, companyId: number, n: number): Promise<number[]> {
  const { rows } = await query(
    `insert into products (company_id, product, product_type, product_size, product_price, upc)
     select $1, 'BENCH LIQUOR ' || g, 'LIQUOR', '750ML', 20 + g, lpad((700000000000 + g)::text, 12, '0')
     from generate_series(1, ${n}) g returning id`,
    [companyId],
  );
  return rows.map((r) => Number(r.id));
}

export const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
export const ms = (x: number) => `${x.toFixed(1).padStart(7)} ms`;
