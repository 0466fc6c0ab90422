import { useEffect } from 'react';

const KEPT = 'recipe-kept';

/**
 * WCAG 1.4.13 (content on hover or focus must be dismissible): on a computer, hovering a menu card
 * or focusing its button swaps the recipe for 'Take on table' (the spec's design, see `.item-card`
 * in styles.css). Escape undoes the swap on the card under the pointer or holding the focus: it
 * shows the recipe and the button one under the other, as on a touch screen, until both the
 * pointer and the focus have left the card. One listener for the whole menu page.
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
