ALTER TABLE "stamp_assignments" ADD COLUMN "reason" varchar(16);--> statement-breakpoint
ALTER TABLE "stamp_assignments" ADD COLUMN "replaces_roll_id" integer;--> statement-breakpoint
ALTER TABLE "stamp_assignments" ADD COLUMN "replaces_number" integer;--> statement-breakpoint
ALTER TABLE "stamp_assignments" ADD CONSTRAINT "stamp_assignments_replaces_roll_id_stamp_rolls_id_fk" FOREIGN KEY ("replaces_roll_id") REFERENCES "public"."stamp_rolls"("id") ON DELETE set null ON UPDATE no action;