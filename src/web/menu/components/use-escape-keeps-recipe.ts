import { useEffect } from 'react';

const KEPT = 'recipe-kept';

/**
 * WCAG 1.4.13: hover/focus swaps a card's recipe for its button (`.item-card` in styles.css), so
 * Escape must undo it, showing both until pointer and focus leave the card. One listener per page.
 */
export function useEscapeKeepsRecipe() {
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      for (const card of document.querySelectorAll<HTMLElement>('.item-card:hover, .item-card:focus-within')) keepRecipe(card);
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}

function keepRecipe(card: HTMLElement) {
  if (card.classList.contains(KEPT)) return;
  card.classList.add(KEPT);
  function releaseWhenLeft() {
    // Checked after the event, when :hover and :focus-within say where the pointer and focus are now.
    requestAnimationFrame(() => {
      if (card.matches(':hover') || card.matches(':focus-within')) return;
      card.classList.remove(KEPT);
      card.removeEventListener('pointerleave', releaseWhenLeft);
      card.removeEventListener('focusout', releaseWhenLeft);
    });
  }
  card.addEventListener('pointerleave', releaseWhenLeft);
  card.addEventListener('focusout', releaseWhenLeft);
}
