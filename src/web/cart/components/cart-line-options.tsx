import { chosenFromApi, chosenOptionLines } from '../../../shared/dish-option-rules.ts';
import type { CartLine } from '../cart-lines.ts';

/**
 * A cart line's chosen options under the dish's name, and, when they no longer fit the dish, why
 * the line stops the payment (docs/decisions/0023-dish-options.md).
 */
export function CartLineOptions({ line }: { line: CartLine }) {
  if (line.options.length === 0 && !line.optionsProblem) return null;
  return (
    <>
      {line.options.length > 0 && (
        <ul data-testid="cart-line-options" className="mt-0.5 text-sm font-normal text-stone-600">
          {chosenOptionLines(chosenFromApi(line.options)).map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      )}
      {line.optionsProblem && (
        <p data-testid="cart-line-problem" className="mt-1 text-sm font-semibold text-red-700">
          {line.optionsProblem}
        </p>
      )}
    </>
  );
}
