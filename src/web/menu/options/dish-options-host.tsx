import { lazy, Suspense } from 'react';
import { closeDishOptions, useOptionsRequest } from './options-request.ts';

// Its own chunk: fetched the first time a customer adds a dish with options, not with the menu.
const DishOptionsDialog = lazy(() => import('./dish-options-dialog.tsx').then((module) => ({ default: module.DishOptionsDialog })));

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
