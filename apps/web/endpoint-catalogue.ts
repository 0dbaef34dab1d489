/** Every module of the endpoint catalogue, evaluated at build time by `endpoint-routes.ts`. */
export const catalogue = import.meta.glob('../../packages/domain/src/endpoints/*.ts', { eager: true });
