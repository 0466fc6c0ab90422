import { Suspense, useState, type ReactNode } from 'react';

/**
 * Hydration in turns (docs/decisions/0032-hydration-in-turns.md). Preact takes a server-rendered
 * page over in one pass, one task: on a slow phone a menu page held the main thread for hundreds
 * of milliseconds (Lighthouse's Total Blocking Time). A part wrapped in <HydrateLater> is left as
 * the server drew it during that pass and taken over afterwards, one part a task, in the page's
 * order: the first screen becomes interactive first, and no task grows with the page.
 *
 * Its wrapped content must draw exactly one element (the kept node). It only waits while the
 * server's page is taken over; drawn any other time, it draws at once.
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  // Kept in the wrapper, which never suspends: the gate below loses its hooks when it does.
  const [turn] = useState(() => (takingOver ? nextTurn() : undefined));
  return (
    <Suspense fallback={null}>
      <WaitForTurn turn={turn}>{children}</WaitForTurn>
    </Suspense>
  );
}

interface Turn {
  promise: Promise<void>;
  done: boolean;
}

function WaitForTurn({ turn, children }: { turn: Turn | undefined; children: ReactNode }) {
  // Suspending while the server's markup is hydrated keeps that markup as it is (Preact's
  // suspended hydration); the part is hydrated when the promise settles.
  if (turn && !turn.done) throw turn.promise;
  return children;
}

let takingOver = false;
let lastTurn: Promise<void> = Promise.resolve();

/** A turn after the one before it, each in a task of its own. */
function nextTurn(): Turn {
  const turn: Turn = { promise: Promise.resolve(), done: false };
  turn.promise = lastTurn
    .then(() => new Promise<void>((resolve) => setTimeout(resolve, 0)))
    .then(() => {
      turn.done = true;
    });
  lastTurn = turn.promise;
  return turn;
}

/** Called just before the server's page is hydrated: the parts wrapped in <HydrateLater> wait their turn. */
export function startTakingOver(): void {
  takingOver = true;
}

/**
 * Called once the first pass is done (its effects run): parts drawn from now on draw at once.
 * Resolves when every waiting part is hydrated, so "the app is ready" means every button works.
 */
export function firstPassDone(): Promise<void> {
  takingOver = false;
  // The last part is hydrated in the task its turn ends in: the answer comes in the next one.
  return lastTurn.then(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
}
