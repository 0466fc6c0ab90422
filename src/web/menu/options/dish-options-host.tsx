import { lazy, Suspense } from 'react';
import { LAZY_PART_AREAS } from '../../../shared/i18n/areas.ts';
import { loadPageAreas } from '../../i18n/i18n.ts';
import { closeDishOptions, useOptionsRequest } from './options-request.ts';

// Its own chunk, with its words in the reader's language: fetched the first time a customer adds
// a dish with options, not with the menu.
const DishOptionsDialog = lazy(() =>
  Promise.all([import('./dish-options-dialog.tsx'), loadPageAreas(LAZY_PART_AREAS['menu/options/dish-options-dialog.tsx']!)]).then(([module]) => ({ default: module.DishOptionsDialog })),
);

/** Draws the choice dialog while a dish's options are being chosen (mounted once, by the app). */
export function DishOptionsHost() {
  const request = useOptionsRequest();
  if (!request) return null;
  return (
    <Suspense fallback={null}>
      <DishOptionsDialog key={request.item._id} item={request.item} onClose={closeDishOptions} />
    </Suspense>
  );
}
