ALTER TABLE "price_changes" ADD COLUMN "source" varchar(16) DEFAULT 'user' NOT NULL;--> statement-breakpoint
ALTER TABLE "price_changes" ADD COLUMN "old_cost" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "price_changes" ADD COLUMN "new_cost" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "pos_source" varchar(16);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "pos_id" varchar(64);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "pos_new" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "products_company_pos_uq" ON "products" USING btree ("company_id","pos_source","pos_id");