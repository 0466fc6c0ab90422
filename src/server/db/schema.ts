/**
 * The database as Kysely sees it: one interface made of each feature's tables. Column names are
 * snake_case; repositories map rows to the API's shapes so row types never leak into answers.
 * Money columns are integer cents. Timestamps are ISO-8601 text in UTC on both engines.
 */
export interface MenuItemsTable {
  id: string;
  name: string;
  category: string;
  price_cents: number;
  new_price_cents: number | null;
  recipe: string;
  image: string;
  /** The menu lists items in the order they were added: by created_at, then id. */
  created_at: string;
}

export interface ReviewsTable {
  id: string;
  name: string;
  image: string;
  details: string;
  created_at: string;
}

export interface ImagesTable {
  id: string;
  content_type: string;
  bytes: Uint8Array;
  width: number;
  height: number;
  byte_size: number;
  created_at: string;
}

export interface Database {
  menu_items: MenuItemsTable;
  reviews: ReviewsTable;
  images: ImagesTable;
}
