-- Nothing changes in the database. The foreign keys from stamps, stamp_assignments and
-- inventory_history to invoices (on delete set null, made in 0000_init) stay; the Drizzle schema
-- of the stamps and inventory modules no longer declares them, so those modules do not import the
-- invoices module (see invoices.tables.ts, INVOICE_LINKS, and test/module-stack.test.ts).
SELECT 1;
