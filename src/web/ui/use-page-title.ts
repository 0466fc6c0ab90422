import { useEffect } from 'react';
import { PRODUCT_NAME } from '../../shared/product.ts';

/** Sets the document title to '{product} {suffix}', as the spec's titles read. */
export function usePageTitle(suffix: string): void {
  useEffect(() => {
    document.title = suffix ? `${PRODUCT_NAME} ${suffix}` : PRODUCT_NAME;
  }, [suffix]);
}
