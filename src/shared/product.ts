/** The shop's name. One constant so that every title and text uses the same brand. */
export const PRODUCT_NAME = 'Raw Roots';
