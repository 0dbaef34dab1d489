/** The catalogue module's endpoints: the product reads (list, grid, suggestions, recommendation) and the product writes. */
import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { idParams } from '../primitives.js';
import {
  productCreateSchema,
  productDeletedOut,
  productDetailOut,
  productGridOut,
  productGridQuerySchema,
  productListOut,
  productListQuerySchema,
  productOut,
  productPatchSchema,
  recommendationOut,
  recommendationQuerySchema,
  suggestionOut,
  suggestionQuerySchema,
} from '../product.js';

export const productList = endpoint({
  method: 'GET',
  path: '/product',
  query: productListQuerySchema,
  response: productListOut,
});

export const productGrid = endpoint({
  method: 'GET',
  path: '/product/grid',
  query: productGridQuerySchema,
  response: productGridOut,
});

/** from 3 characters; a numeric query longer than 5 digits is a UPC lookup */
export const productSuggestions = endpoint({
  method: 'GET',
  path: '/product/suggestions',
  query: suggestionQuerySchema,
  response: z.object({ suggestions: z.array(suggestionOut) }),
});

export const productRecommendation = endpoint({
  method: 'GET',
  path: '/product/recommendation',
  query: recommendationQuerySchema,
  response: recommendationOut,
});

export const product = endpoint({
  method: 'GET',
  path: '/product/:id',
  params: idParams,
  response: productDetailOut,
});

export const createProduct = endpoint({
  method: 'POST',
  path: '/product',
  body: productCreateSchema,
  response: productOut,
});

export const updateProduct = endpoint({
  method: 'PUT',
  path: '/product/:id',
  params: idParams,
  body: productPatchSchema,
  response: productDetailOut,
});

export const deleteProduct = endpoint({
  method: 'DELETE',
  path: '/product/:id',
  params: idParams,
  response: productDeletedOut,
});
