import { z } from 'zod';
import { CATEGORIES } from './category-list.ts';

export * from './category-list.ts';

// Pure, so that a bundle importing only the list drops zod.
export const categorySchema = /* @__PURE__ */ z.enum(CATEGORIES);
