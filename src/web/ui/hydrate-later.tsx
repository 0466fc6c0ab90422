import { Suspense, useEffect, useLayoutEffect, useState, type ReactNode } from 'react';

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

/**
 * For parts the server's page does not show (a dialog's host, the runner of a visitor's pending
 * action, the cart's bar before the cart is known): left out of the first pass and mounted after
 * every part the page shows, in a turn of their own. Drawn any other time, they mount at once.
 */
export function MountLater({ children }: { children: ReactNode }) {
  const [mounted, setMounted] = useState(!takingOver);
  useEffect(() => {
    // Given in an effect: after the turns of every part the first pass met.
    if (!mounted) void nextTurn().promise.then(() => setMounted(true));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the first pass
  }, []);
  return mounted ? children : null;
}

/**
 * False in a component's first drawing (and on the server), true from the next (before the screen
 * is painted). For an attribute that shows what only the browser knows (a saved heart, the
 * signed-in user's dashboard link, whether the session is still being looked up) in a part
 * hydrated in its turn: Preact keeps the server's attributes when it hydrates, so a part whose
 * turn came after the answer would keep the server's value on screen for good. Also for what must
 * wait until the scripts run (a form's submit button: before them, the browser would submit the
 * form itself, sending what was typed, password included, in the page's address).
 */
export function useAfterFirstDraw(): boolean {
  const [drawn, setDrawn] = useState(false);
  // The second drawing is the point: it sets the attributes the hydration left as the server's.
  // eslint-disable-next-line react-hooks/set-state-in-effect
  useLayoutEffect(() => setDrawn(true), []);
  return drawn;
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
/** Turns given and not yet ended; a part hydrated in its turn may hold parts of its own. */
let pendingTurns = 0;
let lastTurn: Promise<void> = Promise.resolve();
let tookOver: () => void = () => {};
const takenOver = new Promise<void>((resolve) => (tookOver = resolve));

/** A turn after the one before it, each in a task of its own. */
function nextTurn(): Turn {
  pendingTurns++;
  const turn: Turn = { promise: Promise.resolve(), done: false };
  turn.promise = lastTurn
    .then(() => new Promise<void>((resolve) => setTimeout(resolve, 0)))
    .then(() => {
      turn.done = true;
    });
  lastTurn = turn.promise;
  void turn.promise.then(() => {
    pendingTurns--;
    // In a task of its own: the part is hydrated after this, and may give turns to parts within it.
    setTimeout(endWhenNoTurnIsLeft, 0);
  });
  return turn;
}

function endWhenNoTurnIsLeft() {
  if (!takingOver || pendingTurns > 0) return;
  takingOver = false;
  tookOver();
}

/** Called just before the server's page is hydrated: the parts wrapped in <HydrateLater> wait their turn. */
export function startTakingOver(): void {
  takingOver = true;
}

/**
 * Called once the first pass is done (its effects run). Resolves when every part is hydrated, those
 * within parts too, so "the app is ready" means every button works; at once for a page the browser drew.
 */
export function whenTakenOver(): Promise<void> {
  if (!takingOver) return Promise.resolve();
  setTimeout(endWhenNoTurnIsLeft, 0);
  return takenOver;
}
