// Every table of the product, gathered for Drizzle's typed client and for drizzle-kit.
export * from '../modules/activity/activity.tables.js';
export * from '../modules/auth/auth.tables.js';
export * from '../modules/company/company.tables.js';
export * from '../modules/customer-app/customer-app.tables.js';
export * from '../modules/customers/customers.tables.js';
export * from '../modules/delivery/delivery.tables.js';
export * from '../modules/documents/documents.tables.js';
export * from '../modules/email/email.tables.js';
export * from '../modules/import/import.tables.js';
export * from '../modules/integrations/integrations.tables.js';
export * from '../modules/inventory/inventory.tables.js';
export * from '../modules/invoices/invoices.tables.js';
export * from '../modules/orders/orders.tables.js';
export * from '../modules/payments/payments.tables.js';
export * from '../modules/products/products.tables.js';
export * from '../modules/stamps/stamps.tables.js';
export * from '../modules/jobs/jobs.tables.js';
