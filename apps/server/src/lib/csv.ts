// The one CSV cell writer lives in @dbo/domain/csv so the server's and the web's exports escape alike.
export { csvCell, csvLine } from '@dbo/domain/csv';
