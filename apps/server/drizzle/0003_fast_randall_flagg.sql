CREATE TABLE "company_integrations" (
	"company_id" integer NOT NULL,
	"name" varchar(16) NOT NULL,
	"api_key_sealed" text NOT NULL,
	"api_key_hint" varchar(8) NOT NULL,
	"merchant_id" varchar(100),
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_integrations_company_id_name_pk" PRIMARY KEY("company_id","name")
);
--> statement-breakpoint
ALTER TABLE "company_integrations" ADD CONSTRAINT "company_integrations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;