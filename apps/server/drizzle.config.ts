import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // every module's tables, and the job queue's (lib/jobs.tables.ts)
  schema: ['./src/modules/*/*.tables.ts', './src/lib/*.tables.ts'],
  out: './drizzle',
});
