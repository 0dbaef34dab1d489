import { ORDER_MSG } from '@dbo/domain/order';
import { LIMITS, PRIMITIVE_MSG } from '@dbo/domain/primitives';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { makeInvoice, makeProduct, makeStaff } from '../../../test/factories.js';
import { activateFeature, useTestApp } from '../../../test/helpers.js';
import { inventory } from '../inventory/inventory.tables.js';
import { products } from '../products/products.tables.js';
import { invoiceBody, lineOf, placedOrder } from '../../../test/order-factories.js';
import { customers } from '../customers/customers.tables.js';

const t = useTestApp();

describe('invoicing an order (POST /invoice with order_id)', () => {
  it("gives staff each line's stock and buying price (the builder's ?order= checks them), not the shop", async () => {
    const { company, order, a, b, shopper } = await placedOrder(t.ctx);
    await activateFeature(t.ctx, company.companyId, 'inventory');
    await t.ctx.database.db
      .insert(inventory)
      .values({ company_id: company.companyId, product_id: a.id, qty: 2, reorder_level: 1 });
    await t.ctx.database.db.update(products).set({ last_purchase_price: '12.00' }).where(eq(products.id, b.id));
    const { body } = await company.api.get(`/order/${order.order_number}`);
    const byProduct = new Map(body.order.orderItems.map((i: { product_id: number }) => [i.product_id, i]));
    // a: 2 ordered of 2 in stock; b: no inventory row (0 in stock), sold at 4.50 bought at 12.00
    expect(byProduct.get(a.id)).toMatchObject({
      last_purchase_price: 14.25,
      stock: { qty: 2, reorder_level: 1, level: 'ZERO' },
    });
    expect(byProduct.get(b.id)).toMatchObject({ last_purchase_price: 12, stock: { qty: 0, level: 'NEGATIVE' } });
    const mine = await shopper.api.get(`/customer-app/order/${order.id}`);
    expect(mine.body.order.orderItems[0]).not.toHaveProperty('last_purchase_price');
    expect(mine.body.order.orderItems[0]).not.toHaveProperty('stock');
  });

  it("answers the order's item log and each line's ydk_product", async () => {
    const { company, order, a, b, shopper } = await placedOrder(t.ctx);
    await makeInvoice(
      company,
      invoiceBody(shopper.customerId, order.id, [
        { ...lineOf(a.id, 1, 10), qty_change_note: 'Only one left' },
        lineOf(b.id, 3, 4.5),
      ]),
    );
    const { body } = await company.api.get(`/order/${order.order_number}`);
    expect(body.order.itemLog).toEqual([
      expect.objectContaining({ product: a.product, change: 'qty', from: 2, to: 1, note: 'Only one left' }),
    ]);
    expect(body.order.orderItems.every((i: { ydk_product: unknown }) => i.ydk_product === null)).toBe(true);
  });

  it('invoices the whole order: status invoiced and the invoice linked', async () => {
    const { company, order, a, b, shopper } = await placedOrder(t.ctx);
    const inv = await makeInvoice(
      company,
      invoiceBody(shopper.customerId, order.id, [lineOf(a.id, 2, 10), lineOf(b.id, 3, 4.5)]),
    );
    // the invoice's first status entry names who invoiced the order
    expect(inv.statusInfo[0].user).toEqual({ id: company.user.id, name: company.user.name });
    const res = await company.api.get(`/order/${order.order_number}`);
    expect(res.body.order.status).toBe('invoiced');
    expect(res.body.order.invoices).toEqual([expect.objectContaining({ id: inv.id, number: inv.number })]);
    expect(res.body.modifiedOrderItems).toEqual([]);
  });

  it("records the builder's quantity and price changes and added products", async () => {
    const { company, order, a, b, shopper } = await placedOrder(t.ctx);
    const c = await makeProduct(t.ctx, company.companyId, { product_price: '7.00' });
    await makeInvoice(
      company,
      invoiceBody(shopper.customerId, order.id, [lineOf(a.id, 1, 10), lineOf(b.id, 3, 5), lineOf(c.id, 2, 7)]),
    );
    const { body } = await company.api.get(`/order/${order.order_number}`);
    const byProduct = new Map(body.order.orderItems.map((i: { product_id: number }) => [i.product_id, i]));
    expect(byProduct.get(a.id)).toMatchObject({ qty: 2, previous_qty: 2, new_qty: 1, previous_price: null, total: 10 });
    expect(byProduct.get(b.id)).toMatchObject({ previous_price: 4.5, new_price: 5, previous_qty: null, total: 15 });
    expect(byProduct.get(c.id)).toMatchObject({ is_added: true, qty: 2, price: 7, total: 14 });
    expect(body.order.total).toBe(39);
    expect(body.modifiedOrderItems).toHaveLength(3);
  });

  it("keeps staff's notes on a changed quantity and price: order lines, invoice lines, the customer's view", async () => {
    const { company, order, a, b, shopper } = await placedOrder(t.ctx);
    const inv = await makeInvoice(
      company,
      invoiceBody(shopper.customerId, order.id, [
        { ...lineOf(a.id, 1, 10), qty_change_note: '  Only one left in the warehouse ' },
        { ...lineOf(b.id, 3, 5), price_change_note: 'New distributor price' },
      ]),
    );
    const { body } = await company.api.get(`/order/${order.order_number}`);
    const byProduct = new Map(body.order.orderItems.map((i: { product_id: number }) => [i.product_id, i]));
    expect(byProduct.get(a.id)).toMatchObject({
      previous_qty: 2,
      new_qty: 1,
      qty_change_note: 'Only one left in the warehouse',
      price_change_note: null,
    });
    expect(byProduct.get(b.id)).toMatchObject({
      previous_price: 4.5,
      new_price: 5,
      price_change_note: 'New distributor price',
      qty_change_note: null,
    });
    expect(body.modifiedOrderItems).toEqual(
      expect.arrayContaining([expect.objectContaining({ qty_change_note: 'Only one left in the warehouse' })]),
    );
    // the customer user sees the same change and note on their order
    const mine = await shopper.api.get(`/customer-app/order/${order.id}`);
    expect(mine.status).toBe(200);
    const line = mine.body.order.orderItems.find((i: { product_id: number }) => i.product_id === a.id);
    expect(line).toMatchObject({ previous_qty: 2, new_qty: 1, qty_change_note: 'Only one left in the warehouse' });
    // the invoice's own lines carry the change too (spec 1's invoice item), and keep it through an edit
    const saved = await company.api.get(`/invoice/${inv.id}?by=id`);
    const itemOf = (items: { product_id: number }[], id: number) => items.find((i) => i.product_id === id);
    expect(itemOf(saved.body.items, a.id)).toMatchObject({
      previousQty: 2,
      newQty: 1,
      qtyChangeNote: 'Only one left in the warehouse',
      priceChangeNote: null,
    });
    expect(itemOf(saved.body.items, b.id)).toMatchObject({
      previousPrice: 4.5,
      newPrice: 5,
      priceChangeNote: 'New distributor price',
    });
    const edited = await company.api.put(`/invoice/${inv.id}`, {
      customer: { id: shopper.customerId },
      items: [lineOf(a.id, 1, 10), lineOf(b.id, 3, 5)],
      stamps: [],
      note: 'edited',
    });
    expect(edited.status).toBe(200);
    expect(itemOf(edited.body.items, a.id)).toMatchObject({ qtyChangeNote: 'Only one left in the warehouse' });
  });

  it('drops a note for a value that did not change, and a blank note', async () => {
    const { company, order, a, b, shopper } = await placedOrder(t.ctx);
    await makeInvoice(
      company,
      invoiceBody(shopper.customerId, order.id, [
        { ...lineOf(a.id, 2, 10), qty_change_note: 'not changed', price_change_note: 'not changed either' },
        { ...lineOf(b.id, 1, 4.5), qty_change_note: '   ' },
      ]),
    );
    const { body } = await company.api.get(`/order/${order.order_number}`);
    const byProduct = new Map(body.order.orderItems.map((i: { product_id: number }) => [i.product_id, i]));
    expect(byProduct.get(a.id)).toMatchObject({ previous_qty: null, qty_change_note: null, price_change_note: null });
    expect(byProduct.get(b.id)).toMatchObject({ previous_qty: 3, new_qty: 1, qty_change_note: null });
  });

  it('refuses a change note with a NUL byte or over the length limit with 400 and saves nothing', async () => {
    const { company, order, a, shopper } = await placedOrder(t.ctx);
    for (const item of [
      { ...lineOf(a.id, 1, 10), qty_change_note: 'bad\u0000note' },
      { ...lineOf(a.id, 1, 10), price_change_note: 'x'.repeat(LIMITS.longText + 1) },
      { ...lineOf(a.id, 1, 10), qty_change_note: 42 },
    ]) {
      const res = await company.api.post('/invoice', {
        customer: { id: shopper.customerId },
        order_id: order.id,
        items: [item],
        stamps: [],
      });
      expect(res.status).toBe(400);
    }
    const tooLong = await company.api.post('/invoice', {
      customer: { id: shopper.customerId },
      order_id: order.id,
      items: [{ ...lineOf(a.id, 1, 10), price_change_note: 'x'.repeat(LIMITS.longText + 1) }],
      stamps: [],
    });
    expect(tooLong.body.message).toBe(PRIMITIVE_MSG.tooLong('Price change note', LIMITS.longText));
    expect((await company.api.get(`/order/${order.order_number}`)).body.order.status).toBe('placed');
    expect((await company.api.get('/invoice/grid')).body.count).toBe(0);
  });

  it('leaves the order partially invoiced while lines remain, then invoiced', async () => {
    const { company, order, a, b, shopper } = await placedOrder(t.ctx);
    await makeInvoice(company, invoiceBody(shopper.customerId, order.id, [lineOf(a.id, 2, 10)]));
    expect((await company.api.get(`/order/${order.order_number}`)).body.order.status).toBe('partially_invoiced');
    await makeInvoice(company, invoiceBody(shopper.customerId, order.id, [lineOf(b.id, 3, 4.5)]));
    expect((await company.api.get(`/order/${order.order_number}`)).body.order.status).toBe('invoiced');
  });

  it('never invoices a line twice', async () => {
    const { company, order, a, b, shopper } = await placedOrder(t.ctx);
    await makeInvoice(company, invoiceBody(shopper.customerId, order.id, [lineOf(a.id, 2, 10)]));
    const res = await company.api.post('/invoice', {
      customer: { id: shopper.customerId },
      order_id: order.id,
      items: [lineOf(a.id, 1, 10), lineOf(b.id, 3, 4.5)],
      stamps: [],
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(ORDER_MSG.alreadyInvoiced(`${a.product} ${a.product_size}`));
  });

  it('refuses to invoice a rejected order and creates no invoice', async () => {
    const { company, order, a, shopper } = await placedOrder(t.ctx);
    await company.api.put(`/order/${order.id}`, { status: 'rejected' });
    const res = await company.api.post('/invoice', {
      customer: { id: shopper.customerId },
      order_id: order.id,
      items: [lineOf(a.id, 2, 10)],
      stamps: [],
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(ORDER_MSG.notInvoiceable(order.order_number, 'rejected'));
    expect((await company.api.get('/invoice/grid')).body.count).toBe(0);
  });

  it('lets only one of two staff invoicing the same order at once succeed', async () => {
    const { company, order, a, b, shopper } = await placedOrder(t.ctx);
    const staff = await makeStaff(t.ctx, company.companyId);
    const body = {
      customer: { id: shopper.customerId },
      order_id: order.id,
      items: [lineOf(a.id, 2, 10), lineOf(b.id, 3, 4.5)],
      stamps: [],
      force: true,
    };
    const results = await Promise.all([company.api.post('/invoice', body), staff.post('/invoice', body)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    const { body: detail } = await company.api.get(`/order/${order.order_number}`);
    expect(detail.order.invoices).toHaveLength(1);
  });

  it('serves the builder source by order number for a deleted customer too', async () => {
    const { company, order, shopper } = await placedOrder(t.ctx);
    await t.ctx.database.db
      .update(customers)
      .set({ deleted_at: new Date() })
      .where(eq(customers.id, shopper.customerId));
    const res = await company.api.get(`/order/${order.order_number}`);
    expect(res.body.order.customer).toMatchObject({ id: shopper.customerId, deleted: true });
    expect(res.body.order.orderItems).toHaveLength(2);
  });
});
