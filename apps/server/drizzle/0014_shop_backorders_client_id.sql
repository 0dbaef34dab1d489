ALTER TABLE "companies" ADD COLUMN "allow_backorders" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "client_id" varchar(64);--> statement-breakpoint
CREATE UNIQUE INDEX "orders_client_id_uq" ON "orders" USING btree ("company_id","customer_id","client_id") WHERE "orders"."client_id" is not null;